// The log op's entry; only its place in the layout matters to the tests.
#include "log.h"

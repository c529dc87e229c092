// adv_api/math/acos.h: Acos is made with Asin's steps (asin.h).
#pragma once
#include "asin.h"

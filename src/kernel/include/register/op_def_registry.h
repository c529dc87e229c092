// CANN's host operator-definition registry (register/op_def_registry.h), which kernel unit
// tests include for their host side: nothing of it runs in a kernel UT under ascstep, so the
// header is empty (a test that uses OpDef is told so by the compiler).
#pragma once

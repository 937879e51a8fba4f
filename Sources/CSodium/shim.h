#ifndef LISTS_CSODIUM_SHIM_H
#define LISTS_CSODIUM_SHIM_H

#include <sodium.h>

#endif

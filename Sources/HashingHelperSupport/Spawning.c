// Starting a helper with nothing of the server's open in it: see HashingHelperSupport.h.

#define _GNU_SOURCE
#include <spawn.h>

#include "HashingHelperSupport.h"

int lists_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}

"""A hostile local peer: swaps two names atomically with renameat2(RENAME_EXCHANGE), as fast as it can, for a while.

Usage: python3 swap.py A B SECONDS. Prints "ready" once the first swap succeeded, then the number of swaps at the end.
Exits 2 (loudly) if renameat2 is missing or refused, so a test using it can never pass without the race.
"""
import ctypes
import os
import sys
import time

libc = ctypes.CDLL(None, use_errno=True)
renameat2 = libc.renameat2
renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
AT_FDCWD = -100
RENAME_EXCHANGE = 2

a, b, seconds = os.fsencode(sys.argv[1]), os.fsencode(sys.argv[2]), float(sys.argv[3])
end = time.monotonic() + seconds
swaps = 0
while swaps == 0 or time.monotonic() < end:
    if renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE) != 0:
        sys.stderr.write("renameat2: %s\n" % os.strerror(ctypes.get_errno()))
        sys.exit(2)
    swaps += 1
    if swaps == 1:
        print("ready", flush=True)
# Leave the tree as it was found.
if swaps % 2 == 1:
    renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE)
    swaps += 1
print(swaps, flush=True)

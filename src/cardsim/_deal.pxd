# cython: language_level=3
"""Hidden-card resampling for the games' step states (defined in _deal.pyx)."""
from libc.stdint cimport uint64_t

cdef enum:
    RESAMPLE_STREAM = 0x5E5A   # the stream of a resample's seed (a seed alone names the draw)

cdef int resample_places(uint64_t hidden, const uint64_t* barred, const int* capacity, int n_places,
                         uint64_t seed, uint64_t* out) except -1

/* A clock of the test's own for a MicroPython unix port (issue 55): loaded
 * with LD_PRELOAD, it stands in for the C library's clocks, sleeps and
 * poll(), so that time passes only when the program waits and only as far
 * as its driver lets it. tools/common/vclock.py builds it and drives it;
 * docs/TESTING.md, "One clock", says why.
 *
 * The clock starts at 0 ms. A wait (poll() with a timeout, a sleep) first
 * looks at the file descriptors without waiting: if one is ready it returns
 * at once, and the clock has not moved. If none is, the clock jumps to the
 * end of the wait, but never past "until": there, the program writes the
 * clock's ms (4 bytes, int32) to the driver's pipe (fd A of VCLOCK_FDS=A,B)
 * and reads from fd B the next "until" (int32; INT32_MAX: run free from
 * then on). So the driver acts only while the program stands still, and
 * what the program sees depends on nothing but the driver's acts: a run is
 * the same on any machine, under any load.
 *
 * getrandom() gives the same bytes each run, for the same reason. Without
 * VCLOCK_FDS the clock runs free: a wait costs no real time at all. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#define FOREVER INT64_MAX
#define EPOCH_S 1798761600LL /* 2027-01-01: what the wall clock reads at 0 ms */

static int64_t now_ms, until_ms;
static int to_driver = -1, from_driver = -1;
static int (*real_poll)(struct pollfd *, nfds_t, int);

__attribute__((constructor)) static void start(void) {
    const char *fds = getenv("VCLOCK_FDS");
    real_poll = (int (*)(struct pollfd *, nfds_t, int))dlsym(RTLD_NEXT, "poll");
    if (fds == NULL || sscanf(fds, "%d,%d", &to_driver, &from_driver) != 2) {
        to_driver = from_driver = -1;
        until_ms = FOREVER;
    }
}

static int whole(int fd, void *buf, size_t n, int writing) {
    char *p = buf;
    while (n) {
        ssize_t k = writing ? write(fd, p, n) : read(fd, p, n);
        if (k < 0 && errno == EINTR) {
            continue;
        }
        if (k <= 0) {
            return -1;
        }
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

/* The clock stands at until: tell the driver, and wait for a later one. */
static void gate(void) {
    int32_t at = (int32_t)now_ms, next;
    int saved = errno;
    if (whole(to_driver, &at, 4, 1) || whole(from_driver, &next, 4, 0)) {
        until_ms = FOREVER; /* the driver is gone: run free */
        to_driver = from_driver = -1;
    } else {
        until_ms = next == INT32_MAX ? FOREVER : next;
    }
    errno = saved;
}

/* Wait up to ms (<0: for ever) for fds (none: a sleep), by the clock. */
static int wait_for(struct pollfd *fds, nfds_t n, int64_t ms) {
    int64_t end = ms < 0 ? FOREVER : now_ms + ms;
    for (;;) {
        if (n) {
            int r = real_poll(fds, n, 0);
            if (r != 0) {
                return r;
            }
        }
        if (ms == 0 || now_ms >= end) {
            return 0;
        }
        if (until_ms > now_ms) {
            if (end == FOREVER && until_ms == FOREVER) {
                return n ? real_poll(fds, n, -1) : 0; /* free, and nothing will ever come by the clock */
            }
            now_ms = end < until_ms ? end : until_ms;
            continue;
        }
        gate();
    }
}

int poll(struct pollfd *fds, nfds_t n, int timeout) {
    return wait_for(fds, n, timeout);
}

static int64_t ceil_ms(int64_t s, int64_t ns) {
    return s * 1000 + (ns + 999999) / 1000000;
}

int usleep(useconds_t us) {
    wait_for(NULL, 0, ((int64_t)us + 999) / 1000);
    return 0;
}

int nanosleep(const struct timespec *req, struct timespec *rem) {
    wait_for(NULL, 0, ceil_ms(req->tv_sec, req->tv_nsec));
    if (rem) {
        rem->tv_sec = 0;
        rem->tv_nsec = 0;
    }
    return 0;
}

unsigned int sleep(unsigned int s) {
    wait_for(NULL, 0, (int64_t)s * 1000);
    return 0;
}

static int fake(clockid_t id) {
    return id == CLOCK_MONOTONIC || id == CLOCK_MONOTONIC_RAW || id == CLOCK_MONOTONIC_COARSE ||
           id == CLOCK_BOOTTIME || id == CLOCK_REALTIME || id == CLOCK_REALTIME_COARSE;
}

static int64_t secs(clockid_t id) {
    return now_ms / 1000 + (id == CLOCK_REALTIME || id == CLOCK_REALTIME_COARSE ? EPOCH_S : 0);
}

int clock_gettime(clockid_t id, struct timespec *ts) {
    if (!fake(id)) {
        int (*real)(clockid_t, struct timespec *) = dlsym(RTLD_NEXT, "clock_gettime");
        return real(id, ts);
    }
    ts->tv_sec = (time_t)secs(id);
    ts->tv_nsec = (long)(now_ms % 1000) * 1000000L;
    return 0;
}

int gettimeofday(struct timeval *tv, void *tz) {
    (void)tz;
    tv->tv_sec = (time_t)secs(CLOCK_REALTIME);
    tv->tv_usec = (suseconds_t)(now_ms % 1000) * 1000;
    return 0;
}

time_t time(time_t *t) {
    time_t s = (time_t)secs(CLOCK_REALTIME);
    if (t) {
        *t = s;
    }
    return s;
}

ssize_t getrandom(void *buf, size_t n, unsigned int flags) {
    static uint32_t x = 2463534242u; /* xorshift32: the same bytes every run */
    (void)flags;
    for (size_t i = 0; i < n; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        ((unsigned char *)buf)[i] = (unsigned char)x;
    }
    return (ssize_t)n;
}

#if defined(__i386__)
/* A 32-bit program built with 64-bit time_t (glibc's _TIME_BITS=64, as the
 * unix port is) calls these in place of the ones above. */
struct ts64 {
    int64_t tv_sec;
    int32_t tv_nsec, pad;
};
struct tv64 {
    int64_t tv_sec, tv_usec;
};

int __clock_gettime64(clockid_t id, struct ts64 *ts) {
    if (!fake(id)) {
        int (*real)(clockid_t, struct ts64 *) = dlsym(RTLD_NEXT, "__clock_gettime64");
        return real(id, ts);
    }
    ts->tv_sec = secs(id);
    ts->tv_nsec = (int32_t)(now_ms % 1000) * 1000000;
    ts->pad = 0;
    return 0;
}

int __gettimeofday64(struct tv64 *tv, void *tz) {
    (void)tz;
    tv->tv_sec = secs(CLOCK_REALTIME);
    tv->tv_usec = (now_ms % 1000) * 1000;
    return 0;
}

int64_t __time64(int64_t *t) {
    int64_t s = secs(CLOCK_REALTIME);
    if (t) {
        *t = s;
    }
    return s;
}

int __nanosleep64(const struct ts64 *req, struct ts64 *rem) {
    wait_for(NULL, 0, ceil_ms(req->tv_sec, req->tv_nsec));
    if (rem) {
        memset(rem, 0, sizeof *rem);
    }
    return 0;
}
#endif

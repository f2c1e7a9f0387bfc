/* glibc declares syncfs only under _GNU_SOURCE, which Swift's Glibc module is not built with; the function
   itself is in every glibc since 2.14, so declaring it is enough. */
#ifdef __linux__
int syncfs(int fd);
/* Swift's Glibc module leaves out epoll and timerfd, which FileWatcher waits with (one pollable descriptor
   for file events and the timer that gathers a burst of them). */
#include <sys/epoll.h>
#include <sys/timerfd.h>
/* mallopt, with which SystemMemory keeps freed memory for reuse. */
#include <malloc.h>
#endif

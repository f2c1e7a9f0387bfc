/* glibc declares syncfs only under _GNU_SOURCE, which Swift's Glibc module is not built with; the function
   itself is in every glibc since 2.14, so declaring it is enough. */
#ifdef __linux__
int syncfs(int fd);
#endif

#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H
// Wide-character ncurses without pkg-config: SwiftPM drops its -D flags, so define what they would.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <stdio.h>
#include <wchar.h>
#include <langinfo.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// Swift 6 rejects reads of mutable C globals; these getters are the only way the driver sees them.
static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }
static inline FILE *cn_stdin(void) { return stdin; }
static inline FILE *cn_stdout(void) { return stdout; }

// Attribute and key constants are macros that Swift cannot import reliably.
static inline attr_t cn_a_normal(void) { return A_NORMAL; }
static inline attr_t cn_a_bold(void) { return A_BOLD; }
static inline attr_t cn_a_reverse(void) { return A_REVERSE; }
static inline attr_t cn_a_dim(void) { return A_DIM; }
static inline attr_t cn_a_underline(void) { return A_UNDERLINE; }
static inline int cn_key_resize(void) { return KEY_RESIZE; }
static inline int cn_key_mouse(void) { return KEY_MOUSE; }
static inline int cn_key_up(void) { return KEY_UP; }
static inline int cn_key_down(void) { return KEY_DOWN; }
static inline int cn_key_left(void) { return KEY_LEFT; }
static inline int cn_key_right(void) { return KEY_RIGHT; }
static inline int cn_key_sleft(void) { return KEY_SLEFT; }
static inline int cn_key_sright(void) { return KEY_SRIGHT; }
static inline int cn_key_dc(void) { return KEY_DC; }
static inline int cn_key_npage(void) { return KEY_NPAGE; }
static inline int cn_key_ppage(void) { return KEY_PPAGE; }
static inline int cn_key_home(void) { return KEY_HOME; }
static inline int cn_key_end(void) { return KEY_END; }
static inline int cn_key_backspace(void) { return KEY_BACKSPACE; }
static inline int cn_key_enter(void) { return KEY_ENTER; }
static inline int cn_key_code_yes(void) { return KEY_CODE_YES; }
static inline int cn_ok(void) { return OK; }
static inline int cn_err(void) { return ERR; }
static inline mmask_t cn_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cn_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t cn_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t cn_button5_pressed(void) { return BUTTON5_PRESSED; }
static inline mmask_t cn_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }

// How many columns curses counts for a character: the C library's wcwidth, which Swift does not see.
static inline int cn_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }

// Whether the terminfo database has an entry for `name`, looked up without opening a screen or writing anything:
// newterm on a missing entry fails only after the caller may have sent the terminal its questions.
static inline int cn_terminfo_exists(const char *name) {
    int error = 0;
    TERMINAL *previous = cur_term;
    int found = setupterm(name, 1, &error) == OK;
    if (found) del_curterm(cur_term);
    set_curterm(previous);
    return found;
}

// Last-resort restore (atexit): leaves curses mode when a screen is still active.
static inline void cn_restore_terminal(void) { if (!isendwin()) endwin(); }

static inline int cn_utf8_locale(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && (codeset[0] == 'U' || codeset[0] == 'u') && (codeset[1] == 'T' || codeset[1] == 't') && (codeset[2] == 'F' || codeset[2] == 'f');
}
#endif

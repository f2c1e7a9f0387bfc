/// A key press or terminal event, independent of ncurses.
package enum Key: Hashable, Sendable {
    /// A printable grapheme.
    case character(Character)
    case up, down, left, right
    /// Shift with ← or → (coarse steps in the parameter panel).
    case shiftLeft, shiftRight
    case pageUp, pageDown, home, end
    case enter, escape, backspace, delete, tab
    /// The terminal changed size.
    case resize
    /// A left-button click at a cell (0-based column `x`, row `y`).
    case mouse(x: Int, y: Int)
    /// The wheel turned up or down over a cell (0-based column `x`, row `y`).
    case wheelUp(x: Int, y: Int)
    case wheelDown(x: Int, y: Int)
    /// Ctrl-C typed while the terminal delivers it as a key rather than as SIGINT.
    case ctrlC
    /// Another control key: Ctrl and a lowercase letter (`.control("r")` is Ctrl-R).
    case control(Character)
    /// The terminal's window has the focus again (focus reporting, `CSI ? 1004 h`; tmux reports a switch back
    /// to the app's window so): what the terminal shows may have been lost meanwhile.
    case focusIn
}

"""A captured screen line as one string per terminal column, for e2e checks that find things by position."""
import unicodedata


def cells(line):
    """The line as one string per terminal column (a wide character's second column is empty)."""
    out = []
    for ch in line:
        out.append(ch)
        if unicodedata.east_asian_width(ch) in "WF":
            out.append("")
    return out

"""LaTeX and Markdown removal that keeps a map from every clean character back to the raw text.

spaCy reads the clean text; mentions are reported with offsets into the abstract exactly as read,
through `CleanText.to_raw`.
"""

from __future__ import annotations

import re
import unicodedata
from array import array
from bisect import bisect_left
from dataclasses import dataclass
from typing import Sequence

# Commands replaced by a character (inside or outside math); other commands vanish, their
# arguments stay (\emph{x} -> x, \mathcal{O} -> O).
SYMBOLS = {
    "alpha": "α",
    "beta": "β",
    "gamma": "γ",
    "delta": "δ",
    "epsilon": "ε",
    "varepsilon": "ε",
    "zeta": "ζ",
    "eta": "η",
    "theta": "θ",
    "kappa": "κ",
    "lambda": "λ",
    "mu": "μ",
    "nu": "ν",
    "xi": "ξ",
    "pi": "π",
    "rho": "ρ",
    "sigma": "σ",
    "tau": "τ",
    "phi": "φ",
    "varphi": "φ",
    "chi": "χ",
    "psi": "ψ",
    "omega": "ω",
    "ell": "ℓ",
    "Gamma": "Γ",
    "Delta": "Δ",
    "Theta": "Θ",
    "Lambda": "Λ",
    "Pi": "Π",
    "Sigma": "Σ",
    "Phi": "Φ",
    "Psi": "Ψ",
    "Omega": "Ω",
    "gg": "≫",
    "ll": "≪",
    "le": "≤",
    "leq": "≤",
    "ge": "≥",
    "geq": "≥",
    "neq": "≠",
    "ne": "≠",
    "approx": "≈",
    "sim": "∼",
    "times": "×",
    "cdot": "·",
    "pm": "±",
    "infty": "∞",
    "star": "*",
    "ast": "*",
    "sqrt": "√",
    "sum": "∑",
    "prod": "∏",
    "in": "∈",
    "to": "→",
    "rightarrow": "→",
    "leftarrow": "←",
    "log": "log",
    "exp": "exp",
    "min": "min",
    "max": "max",
    "sup": "sup",
    "inf": "inf",
    "ldots": "…",
    "dots": "…",
    "cdots": "…",
    "textasciitilde": "~",
    "quad": " ",
    "qquad": " ",
}
ESCAPES = set("%&_#${}")
# Accents written as LaTeX: Schr\"odinger, Carath\'eodory, Schr{\"o}dinger, \^{o} -> the accented letter.
ACCENT = re.compile(r"\\([\"'`^~=.])(?:\{([A-Za-z])\}|([A-Za-z]))")
COMBINING = {'"': "\u0308", "'": "\u0301", "`": "\u0300", "^": "\u0302", "~": "\u0303", "=": "\u0304", ".": "\u0307"}
MATH = re.compile(r"(?<!\\)\$\$(?=\S)(.+?)(?<!\\)\$\$|(?<!\\)\$(?=[^\s$])([^$]+?)(?<!\\)\$", re.S)
EMPHASIS = re.compile(r"(?<![\w*])(\*\*\*|\*\*|\*)(?=[^\s*])(.+?)(?<=[^\s*])\1(?![\w*])", re.S)
# Markdown emphasis with underscores, "_in-context fine-tuning_" (never inside a word: snake_case, x_i).
UNDERSCORES = re.compile(r"(?<![\w_])(__|_)(?=[^\s_])([^_\n]+?)(?<=[^\s_])\1(?![\w_])")
# Bold letters inside a word, how abstracts spell out an acronym: "***D***istributional ***A***dversarial ***D***efense",
# also in italics, "***S**elective **P**rompt **A**nchoring*" (found before emphasis, which would otherwise pair
# the first "**" with some later one).
BOLD_LETTERS = re.compile(r"(?<!\*\*)(\*{2,3})([A-Za-z0-9]{1,6})\1(?!\*)")
# Italics around a name spelt out in bold letters: the "*" before "**S**elective" and the one after "Anchoring".
ITALIC_BOLD_LETTERS = re.compile(r"(?<![\w*])\*(?=\*\*[A-Za-z0-9]{1,6}\*\*)(.+?)(?<=[^\s*])\*(?![\w*])")
LATEX_QUOTE = re.compile(r"``(?=\S)(.+?)(''|\")", re.S)
CODE = re.compile(r"(?<!`)`(?!`)([^`\n]+?)`(?!`)")
COMMAND = re.compile(r"\\[A-Za-z]+")
WORD = re.compile(r"[^\W\d_]{2,}")  # two letters in a row, in any script
MARKUP = re.compile(r"[\\{}$*`_]")  # what every markup rule below needs: without it, clean text is the raw text
FORMULA_CHARACTERS = set("()[]^_\\=+<>|")
BRACE_TEXT = re.compile(r"[\s,{]")  # inside a brace, what makes it text rather than a group


@dataclass(frozen=True)
class CleanText:
    """Clean text plus, for each of its characters, the raw span it came from.

    The maps are compact (a build holds one per abstract: as tuples, 31,700 abstracts took 2 GB): arrays,
    or ranges where the text had no markup (7 abstracts in 10), each character coming from itself.
    """

    raw: str
    text: str
    starts: Sequence[int]
    ends: Sequence[int]

    def to_raw(self, start: int, end: int) -> tuple[int, int]:
        """Map a clean span [start, end) to the raw span covering its characters."""
        if end <= start:
            raw = self.starts[start] if start < len(self.starts) else len(self.raw)
            return raw, raw
        return self.starts[start], self.ends[end - 1]

    def to_raw_with_markup(self, start: int, end: int) -> tuple[int, int]:
        """`to_raw`, widened over the markup that opens or closes right at the span's edges when the wider
        raw text cleans to the same words: "**D**ynamic **E**xperts" rather than "D**ynamic **E**xperts",
        "$k$-means" rather than "k$-means"."""
        raw_start, raw_end = self.to_raw(start, end)
        if end <= start or self.text == self.raw:
            return raw_start, raw_end
        before = self.ends[start - 1] if start > 0 else 0  # where the clean text's previous character came from
        after = self.starts[end] if end < len(self.starts) else len(self.raw)
        wide_start, wide_end = min(before, raw_start), max(after, raw_end)
        wanted = self.text[start:end]
        for s, e in ((wide_start, wide_end), (wide_start, raw_end), (raw_start, wide_end)):
            piece = self.raw[s:e]
            if (s, e) != (raw_start, raw_end) and piece.count("{") == piece.count("}") and clean(piece).text == wanted:
                return s, e  # ("\textbf{Surrogate Prompt Learning" is no whole piece of markup)
        return raw_start, raw_end


def _markup_edits(raw: str) -> tuple[dict[int, tuple[int, str]], list[tuple[int, int]]]:
    """Delimiters to replace (position -> (end, replacement)) and the math ranges."""
    edits: dict[int, tuple[int, str]] = {}
    math: list[tuple[int, int]] = []
    for m in MATH.finditer(raw):
        width = 2 if m.group(1) is not None else 1
        edits[m.start()] = (m.start() + width, "")
        edits[m.end() - width] = (m.end(), "")
        math.append((m.start(), m.end()))

    math_starts = [a for a, _ in math]

    def outside_math(start: int, end: int) -> bool:
        # math ranges are sorted and disjoint: only the last one starting before `end` can overlap
        i = bisect_left(math_starts, end) - 1
        return i < 0 or math[i][1] <= start

    # (pattern, its content group, opening replacement, closing replacement)
    for pattern, group, opening, closing in (
        (LATEX_QUOTE, 1, '"', '"'),
        (BOLD_LETTERS, 2, "", ""),
        (ITALIC_BOLD_LETTERS, 1, "", ""),
        (EMPHASIS, 2, "", ""),
        (UNDERSCORES, 2, "", ""),
        (CODE, 1, "", ""),
    ):
        position = 0
        while (found := pattern.search(raw, position)) is not None:
            close_start = found.end(group)
            # the delimiters, not the content, must be outside math: "*metric $k$-center*" is emphasis
            if (
                not (outside_math(found.start(), found.start(group)) and outside_math(close_start, found.end()))
                or found.start() in edits
                or close_start in edits
            ):
                # a match that cannot be taken hides none inside it: "**S**parse **T**raining **(SST)**",
                # whose bold letters are taken, still has its "**(SST)**"
                position = found.start() + 1
                continue
            edits[found.start()] = (found.start(group), opening)
            edits[close_start] = (found.end(), closing)
            position = found.end()
    return edits, math


def clean(raw: str) -> CleanText:
    """Remove LaTeX and Markdown markup from `raw`, keeping an offset map back into it."""
    if not MARKUP.search(raw):  # nothing to remove: a regex search instead of a pass per character
        return CleanText(raw=raw, text=raw, starts=range(len(raw)), ends=range(1, len(raw) + 1))
    return remove_markup(raw)


def remove_markup(raw: str) -> CleanText:
    """`clean`, one character at a time."""
    edits, math = _markup_edits(raw)
    math_starts = {a for a, _ in math}
    math_ends = {b for _, b in math}
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []

    def emit(piece: str, start: int, end: int) -> None:
        for ch in piece:
            out.append(ch)
            starts.append(start)
            ends.append(end)

    in_math = False
    braces: list[bool] = []  # for each open brace: is it LaTeX grouping (dropped) or literal text?
    after_command = False
    i, n = 0, len(raw)
    while i < n:
        if i in math_starts:
            in_math = True
        if i in math_ends:
            in_math = False
        ch = raw[i]
        if i in edits:
            end, replacement = edits[i]
            emit(replacement, i, end)
            i, after_command = end, False
            if i in math_ends:
                in_math = False
            continue
        if ch == "\\" and i + 1 < n:
            nxt = raw[i + 1]
            if nxt in ESCAPES:
                emit(nxt, i, i + 2)
                i, after_command = i + 2, False
                continue
            accent = ACCENT.match(raw, i) if nxt in COMBINING else None
            if accent:
                letter = accent.group(2) or accent.group(3)
                emit(unicodedata.normalize("NFC", letter + COMBINING[nxt]), i, accent.end())
                i, after_command = accent.end(), False
                continue
            if nxt.isalpha():
                j = i + 1
                while j < n and raw[j].isalpha():
                    j += 1
                emit(SYMBOLS.get(raw[i + 1 : j], ""), i, j)
                i, after_command = j, True
                continue
            if nxt in " ,;:!":
                emit(" ", i, i + 2)
                i, after_command = i + 2, False
                continue
        if ch == "{":
            grouping = in_math or after_command or raw.startswith("\\", i + 1) or is_bare_group(raw, i)
            braces.append(grouping)
            if not grouping:
                emit(ch, i, i + 1)
            i += 1  # a command keeps taking arguments: \frac{a}{b}
            continue
        if ch == "}" and braces:
            if not braces.pop():
                emit(ch, i, i + 1)
            i += 1
            after_command = raw[i : i + 1] == "{"
            continue
        emit(ch, i, i + 1)
        after_command = False
        i += 1
    return CleanText(raw=raw, text="".join(out), starts=array("i", starts), ends=array("i", ends))


def is_bare_group(raw: str, i: int) -> bool:
    """Is the brace at `i` LaTeX grouping one word or name ("the {TalkingFace-Wild} dataset", "GPT-{n}")?
    A brace around words and commas is text: the set "{a, b}"."""
    close = raw.find("}", i + 1)
    return close > i + 1 and not BRACE_TEXT.search(raw, i + 1, close)


def has_words(raw: str) -> bool:
    """Whether `raw` has a word left once math ($…$, $$…$$) and LaTeX command names are taken out.

    A word is two letters in a row: "$x^2$", "\\emph{$O(n)$}" and "1, 2, 3." have none, and are
    not worth a paper node. A regex pass, so that a huge abstract costs no offset map.
    """
    return WORD.search(COMMAND.sub(" ", MATH.sub(" ", raw))) is not None


def math_starts(raw: str) -> tuple[list[int], list[int]]:
    """Where each $...$ of `raw` starts and ends, in order: found once per text, not once per mention."""
    spans = [m.span() for m in MATH.finditer(raw)] if "$" in raw else []
    return [s for s, _ in spans], [e for _, e in spans]


def is_markup_fragment(raw: str, start: int, end: int, math: tuple[list[int], list[int]] | None = None) -> bool:
    """Is raw[start:end] a piece of a formula rather than a name: wholly inside one $...$ (the math the
    cleaner finds; `math_starts(raw)`, if at hand) and holding a bracket, an operator or a command ("O(N D"
    of "$O(N D)$", "\\sigma_{\\max")? Names in math stay ("$\\texttt{HDM}$"), and so does "$k$-means", which
    leaves the math it starts in."""
    if "$" not in raw or not FORMULA_CHARACTERS.intersection(raw[start:end]):
        return False
    starts, ends = math or math_starts(raw)
    i = bisect_left(starts, start) - 1  # the last math starting before the piece: the only one that may hold it
    return i >= 0 and end < ends[i]

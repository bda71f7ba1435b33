"""The prose of a tutorial's source and the source in another language (tools/build_notebooks.py uses it).

A tutorial is written once, in English: ``notebooks/src/NN-name.py`` (percent format). Its prose is

- each paragraph of a markdown cell (text between blank lines);
- in its code: each literal marked ``_("...")`` (a step's title and text, an exercise's question, a printed
  sentence; an f-string too, ``_(f"{name} wins.")``, whose translation keeps its ``{...}`` fields), each
  comment (a run of whole-line comments is one text) and each docstring.

:func:`messages` lists them (the template's msgids); :func:`translated` writes the cells in a language given a
``gettext`` function: a marked literal becomes the plain literal of its translation (English: the literal
itself), ``LANG = "en"`` names the language, and a call ``_(anything else)`` is left to run (the package's
own catalog: ``_ = translator(LANG).gettext``, ``_(C.departments[d].name)``).
"""
from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Callable, Iterator

WIDTH = 116                 # a wrapped literal's lines end before this column
LITERAL = re.compile(r"""(?i)([rbuf]*)("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')""")
FIELD = re.compile(r"\{\{|\}\}|\{[^{}]*\}")
#: a span of a code cell: where it starts and ends (offsets), its text (None: not prose) and its writer
Span = tuple[int, int, "str | None", Callable[[str], str]]


def paragraphs(markdown: str) -> list[str]:
    return markdown.split("\n\n")


def messages(cells: list) -> list[str]:
    """The prose of a source's cells (jupytext's), in order, each text once."""
    found: dict[str, None] = {}
    for cell in cells:
        texts = paragraphs(cell.source) if cell.cell_type == "markdown" else \
            [text for _, _, text, _ in spans(cell.source, "en") if text is not None]
        found.update((text, None) for text in texts if text.strip())
    return list(found)


def translated(cells: list, lang: str, gettext: Callable[[str], str]) -> list[str]:
    """Each cell's text in ``lang``, each piece of prose replaced by ``gettext(piece)``."""
    out = []
    for cell in cells:
        if cell.cell_type == "markdown":
            out.append("\n\n".join(gettext(p) if p.strip() else p for p in paragraphs(cell.source)))
            continue
        code = cell.source
        for start, end, text, write in reversed(spans(code, lang)):
            code = code[:start] + write(text if text is None else gettext(text)) + code[end:]
        out.append(code)
    return out


def spans(code: str, lang: str) -> list[Span]:
    """The spans of a code cell the language changes, in order: its prose, and the literal of ``LANG = "en"``."""
    return sorted(found_spans(code, lang), key=lambda span: span[0])


def found_spans(code: str, lang: str) -> Iterator[Span]:
    starts = [0]
    for line in code.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    lines = code.splitlines()

    def offset(row: int, byte_col: int) -> int:      # ast's columns count UTF-8 bytes
        return starts[row - 1] + len(lines[row - 1].encode()[:byte_col].decode())

    yield from comments(code, starts)
    bracketed = in_brackets(code, starts)
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_" \
                and len(node.args) == 1 and not node.keywords and is_literal(node.args[0]):
            start, end = offset(node.lineno, node.col_offset), offset(node.end_lineno, node.end_col_offset)
            literal = node.args[0]
            template, fstring = literal_text(code[offset(literal.lineno, literal.col_offset):
                                                  offset(literal.end_lineno, literal.end_col_offset)])
            column, inside = start - starts[node.lineno - 1], bracketed(start)
            yield start, end, template, lambda text, c=column, f=fstring, b=inside: wrap(text, c, f, b)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)) and ast.get_docstring(node, clean=False):
            doc = node.body[0].value
            yield (offset(doc.lineno, doc.col_offset), offset(doc.end_lineno, doc.end_col_offset),
                   doc.value, lambda text: f'"""{text}"""')
        elif isinstance(node, ast.Assign) and [ast.unparse(t) for t in node.targets] == ["LANG"]:
            value = node.value
            yield (offset(value.lineno, value.col_offset), offset(value.end_lineno, value.end_col_offset),
                   None, lambda _: f'"{lang}"')


def is_literal(node: ast.AST) -> bool:
    return isinstance(node, ast.JoinedStr) or isinstance(node, ast.Constant) and isinstance(node.value, str)


def comments(code: str, starts: list[int]) -> Iterator[Span]:
    """Each trailing comment, and each run of whole-line comments (one text, a line each)."""
    run: list[tokenize.TokenInfo] = []

    def done() -> Iterator[Span]:
        if run:
            (row, col), (end_row, end_col) = run[0].start, run[-1].end
            text = "\n".join(t.string[1:].removeprefix(" ") for t in run)
            yield starts[row - 1] + col, starts[end_row - 1] + end_col, text, \
                lambda text, c=col: ("\n" + " " * c).join(f"# {line}".rstrip() for line in text.split("\n"))
            run.clear()

    for token in tokenize.generate_tokens(io.StringIO(code).readline):
        if token.type != tokenize.COMMENT:
            continue
        whole_line = not token.line[:token.start[1]].strip()
        if run and not (whole_line and token.start == (run[-1].start[0] + 1, run[0].start[1])):
            yield from done()
        run.append(token)
        if not whole_line:
            yield from done()
    yield from done()


def in_brackets(code: str, starts: list[int]) -> Callable[[int], bool]:
    """Whether an offset of the code is inside brackets (where a literal may go on over several lines)."""
    changes = [(starts[t.start[0] - 1] + t.start[1], 1 if t.string in "([{" else -1)
               for t in tokenize.generate_tokens(io.StringIO(code).readline)
               if t.type == tokenize.OP and t.string in "()[]{}"]
    return lambda at: sum(step for where, step in changes if where < at) > 0


def literal_text(source: str) -> tuple[str, bool]:
    """The text of a literal (pieces joined; an f-string's as written, ``{name}`` and all) and whether it is
    an f-string."""
    pieces = LITERAL.findall(source)
    fstring = any("f" in prefix.lower() for prefix, _ in pieces)
    text = ""
    for prefix, quoted in pieces:
        body = quoted[1:-1]
        if fstring and "f" not in prefix.lower():
            body = body.replace("{", "{{").replace("}", "}}")
        text += body if "r" in prefix.lower() else ast.literal_eval(quoted[0] + body + quoted[0])
    return text, fstring


def wrap(text: str, column: int, fstring: bool, bracketed: bool) -> str:
    """A literal of ``text`` starting at ``column``: implicitly joined pieces, a line each, under WIDTH
    (in parentheses where it is not inside brackets already)."""
    quote = "'" if '"' in text and "'" not in text else '"'
    indent = column + (0 if bracketed else 1)
    words = re.findall(r"(?:\{\{|\}\}|\{[^{}]*\}|[^\s{}])+\s*|\s+" if fstring else r"\S+\s*|\s+", text) or [""]
    room = max(WIDTH - indent, 40) - 3             # quotes and an f
    lines = [""]
    for word in words:
        if lines[-1] and len(lines[-1] + word) > room:
            lines.append("")
        lines[-1] += word

    def piece(part: str) -> str:
        escaped = part.replace("\\", "\\\\").replace("\n", "\\n")
        escaped = escaped if quote == "'" or '"' not in part else escaped.replace('"', '\\"')
        return ("f" if fstring and FIELD.search(part) else "") + quote + escaped + quote

    joined = ("\n" + " " * indent).join(piece(line) for line in lines)
    return joined if bracketed or len(lines) == 1 else f"({joined})"

"""Reads spatial_conv.h: its enums, constants, structs and the prototypes of
the declarations block, with each prototype's one-line contract.

The package is generated from what this module reads (the C build of its
extension, the Python functions, their docstrings and the type stubs), so
the header and the package cannot drift apart. Pure Python, no C parser.
"""
import functools
import os
import re
import textwrap
from typing import Dict, List, NamedTuple, Optional, Tuple

HEADER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "include", "spatial_conv.h")


class Param(NamedTuple):
    """One C parameter: `const spconv_real q_wxyz[4]` is
    Param(type="spconv_real", name="q_wxyz", const=True, pointer=False, size=4)."""
    type: str
    name: str
    const: bool
    pointer: bool        # declared with `*`
    size: Optional[int]  # N of an array parameter `x[N]`
    nullable: bool = False  # the contract says "<name> NULL: <meaning>"

    @property
    def c_decl(self):
        star = "*" if self.pointer else ""
        dims = f"[{self.size}]" if self.size else ""
        return f"{'const ' if self.const else ''}{self.type} {star}{self.name}{dims}"


class Function(NamedTuple):
    name: str            # without the spconv_ prefix
    ret: str             # return type
    params: Tuple[Param, ...]
    contract: str        # the one-line comment above the prototype
    deprecated: bool     # declared under #ifndef SPCONV_NO_DEPRECATED
    family: str          # the declarations block's section tag (quat, rot, ...)

    @property
    def c_name(self):
        return "spconv_" + self.name

    @property
    def c_proto(self):
        params = ", ".join(p.c_decl for p in self.params) or "void"
        return f"{self.ret} {self.c_name}({params})"


class Enum(NamedTuple):
    name: str                      # C type name, spconv_euler_seq
    members: Tuple[Tuple[str, int], ...]  # (C name, value), sentinels included
    doc: str


class Struct(NamedTuple):
    name: str
    fields: Tuple[Param, ...]
    doc: str


class Header(NamedTuple):
    text: str
    version: Tuple[int, int, int]
    enums: Dict[str, Enum]
    structs: Dict[str, Struct]
    constants: Dict[str, object]   # SPCONV_ name -> int or float (enum values included)
    functions: Dict[str, Function]


def _strip_comments(text):
    return re.sub(r"/\*.*?\*/|//[^\n]*", " ", text, flags=re.S)


def _param(decl):
    decl = " ".join(decl.split())
    m = re.match(r"(const\s+)?((?:unsigned\s+)?\w+)\s*(\*?)\s*(\w+)\s*(?:\[(\d+)\])?$", decl)
    if not m:
        raise ValueError(f"spatial_conv.h: cannot read the parameter {decl!r}")
    const, ctype, star, name, size = m.groups()
    return Param(ctype, name, bool(const), bool(star), int(size) if size else None)


def _section(text, tag, end_tag):
    start = text.index(f">>{tag}\n")
    return text[start:text.index(f">>{end_tag}\n", start)]


def _doc_before(text, pos):
    """The /** ... */ or /* ... */ comment that ends right before pos."""
    head = text[:pos].rstrip()
    if not head.endswith("*/"):
        return ""
    start = head.rfind("/*")
    first, _, rest = head[start + 2:-2].lstrip("*").partition("\n")
    return "\n".join([first.strip(), textwrap.dedent(rest).strip()]).strip()


def _enums(types):
    enums = {}
    for m in re.finditer(r"typedef enum (\w+) \{(.*?)\} \1;", types, re.S):
        value, members = -1, []
        for item in _strip_comments(m.group(2)).split(","):
            item = item.strip()
            if not item:
                continue
            name, _, expr = item.partition("=")
            value = int(expr.strip(), 0) if expr.strip() else value + 1
            members.append((name.strip(), value))
        enums[m.group(1)] = Enum(m.group(1), tuple(members), _doc_before(types, m.start()))
    return enums


def _structs(types):
    structs = {}
    for m in re.finditer(r"typedef struct (\w+) \{(.*?)\} \1;", types, re.S):
        fields = []
        for decl in _strip_comments(m.group(2)).split(";"):
            decl = " ".join(decl.split())
            if not decl:
                continue
            # `spconv_direction x, y, z;` declares three fields of one type
            first, *more = decl.split(",")
            p = _param(first)
            fields.append(p)
            fields.extend(p._replace(name=n.strip()) for n in more)
        structs[m.group(1)] = Struct(m.group(1), tuple(fields), _doc_before(types, m.start()))
    return structs


def _constants(types, enums):
    consts = {}
    for e in enums.values():
        consts.update(e.members)
    for m in re.finditer(r"^#define (SPCONV_[A-Z0-9_]+) +([^\n]+)$", _strip_comments(types), re.M):
        name, expr = m.group(1), m.group(2).strip()
        if name.startswith("SPCONV__") or name in ("SPCONV_VERSION",):
            continue
        expr = re.sub(r"\b(SPCONV_\w+)\b", lambda k: repr(consts[k.group(1)]), expr)
        if re.fullmatch(r"[-+*/() 0-9.xXa-fA-F]+", expr):
            consts[name] = eval(expr)  # only numbers and arithmetic remain
    return consts


NULLABLE = re.compile(r"(?:; |, )((?:\w+, )*\w+) NULL: ")


def _nullable(name, params, contract):
    """params with nullable set for each one the contract names in a clause
    "; <parameter>[, <parameter>...] NULL: <what C does then>" (more clauses
    after ", "): the only pointers C accepts as NULL. A name that is no
    parameter of the function is an error."""
    names = {n for group in NULLABLE.findall(contract) for n in group.split(", ")}
    unknown = names - {p.name for p in params}
    if unknown:
        raise ValueError(f"spatial_conv.h: the contract of spconv_{name} makes {sorted(unknown)} "
                         "nullable, which are not its parameters")
    return tuple(p._replace(nullable=p.name in names) for p in params)


def _functions(decl):
    functions = {}
    family, deprecated_depth, depth = "", None, 0
    comment = ""
    pos = 0
    lines = decl.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        tag = re.search(r">>(\w+) \*/$", line)
        if tag:
            family = tag.group(1)
        if line.startswith("#if"):
            depth += 1
            if "SPCONV_NO_DEPRECATED" in line:
                deprecated_depth = depth
        elif line.startswith("#endif"):
            if deprecated_depth == depth:
                deprecated_depth = None
            depth -= 1
        elif line.startswith("/*") and line.endswith("*/") and ">>" not in line:
            comment = " ".join(line[2:-2].split())
        elif "SPCONV_API" in line:
            text = line
            while not text.rstrip().endswith(";"):
                i += 1
                text += " " + lines[i].strip()
            m = re.search(r"SPCONV_API\s+(const\s+char\s*\*|[\w ]+?)\s*\b(spconv_\w+)\s*\((.*)\)\s*;", text)
            ret = " ".join(m.group(1).replace("*", " *").split()).replace(" *", "*")
            params = tuple(_param(p) for p in m.group(3).split(",") if p.strip() not in ("", "void"))
            name = m.group(2)[len("spconv_"):]
            if not comment:
                raise ValueError(f"spconv_{name}: the line above its prototype in >>decl is not "
                                 "its one-line contract")
            params = _nullable(name, params, comment)
            functions[name] = Function(name, ret, params, comment, deprecated_depth is not None, family)
            comment = ""
        i += 1
    return functions


@functools.lru_cache(maxsize=None)
def package():
    """The package's own header, read once."""
    return read()


def read(path=HEADER):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    types = _section(text, "types", "decl")
    decl = _section(text, "decl", "deprecated")
    enums = _enums(types)
    version = tuple(int(re.search(rf"#define SPCONV_VERSION_{part} (\d+)", types).group(1))
                    for part in ("MAJOR", "MINOR", "PATCH"))
    return Header(text, version, enums, _structs(types), _constants(types, enums), _functions(decl))

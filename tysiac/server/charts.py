"""Charts as SVG drawn by the server: a game's score race, a player's results game
by game, contracts made and failed by size. Each is an image with a title and a
description for screen readers; the pages put the same figures in a table beside it.
Series differ in colour, dash and marker, so that none depends on colour alone.
Every point and bar carries its figure (``data-value``) for the tests to compare."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

# A phone shows the chart about 330 px wide: drawn at 420 its text stays readable.
WIDTH, HEIGHT = 420, 260
LEFT, RIGHT, TOP, BOTTOM = 44, 10, 12, 30
COLOURS = ("#c8102e", "#0b5394", "#2e7d32", "#8a4b00")
DASHES = ("", "7 4", "2 4", "10 4 2 4")
MADE, FAILED, GRID, INK = "#2e7d32", "#c8102e", "#d6d3c8", "#1b1b1b"


@dataclass(frozen=True, slots=True)
class Series:
    name: str
    values: Sequence[int]


def _ticks(low: int, high: int) -> list[int]:
    span = max(high - low, 1)
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10**9)
                if span / s <= 6)
    start = (low // step) * step
    return list(range(start, high + step, step))


def _svg(uid: str, title: str, desc: str, body: list[str], height: int = HEIGHT) -> Markup:
    head = (f'<svg class="chart" role="img" viewBox="0 0 {WIDTH} {height}" '
            f'aria-labelledby="{uid}-t {uid}-d" xmlns="http://www.w3.org/2000/svg">'
            f'<title id="{uid}-t">{escape(title)}</title><desc id="{uid}-d">{escape(desc)}</desc>')
    return Markup(head + "".join(body) + "</svg>")


def _marker(kind: int, x: float, y: float, colour: str, filled: bool, attrs: str) -> str:
    fill = colour if filled else "#fff"
    common = f'fill="{fill}" stroke="{colour}" stroke-width="2" {attrs}'
    if kind % 4 == 0:
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4.5" {common}/>'
    if kind % 4 == 1:
        return f'<rect x="{x - 4:.1f}" y="{y - 4:.1f}" width="8" height="8" {common}/>'
    if kind % 4 == 2:
        return (f'<path d="M{x:.1f} {y - 5:.1f}L{x + 5:.1f} {y + 4:.1f}L{x - 5:.1f} '
                f'{y + 4:.1f}Z" {common}/>')
    return (f'<path d="M{x:.1f} {y - 5.5:.1f}L{x + 5.5:.1f} {y:.1f}L{x:.1f} {y + 5.5:.1f}'
            f'L{x - 5.5:.1f} {y:.1f}Z" {common}/>')


class _Frame:
    """The plot area: values to coordinates, the grid and its labels."""

    def __init__(self, count: int, low: int, high: int, height: int = HEIGHT) -> None:
        self.ticks = _ticks(low, high)
        self.low, self.high = self.ticks[0], self.ticks[-1]
        self.count = max(count, 2)
        self.height = height

    def x(self, i: float) -> float:
        inset = 10                        # clear of the value axis' labels
        return LEFT + inset + (WIDTH - LEFT - RIGHT - inset) * i / (self.count - 1)

    def y(self, v: float) -> float:
        span = (self.high - self.low) or 1
        return TOP + (self.height - TOP - BOTTOM) * (self.high - v) / span

    def grid(self) -> list[str]:
        out = []
        for t in self.ticks:
            y = self.y(t)
            out.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" '
                       f'stroke="{GRID}" stroke-width="{2 if t == 0 else 1}"/>')
            out.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" '
                       f'font-size="14" fill="{INK}">{t}</text>')
        return out

    def x_labels(self, labels: Sequence[str]) -> list[str]:
        every = max(1, -(-len(labels) // 8))
        return [f'<text x="{self.x(i):.1f}" y="{self.height - BOTTOM + 18}" '
                f'text-anchor="middle" font-size="14" fill="{INK}">{escape(s)}</text>'
                for i, s in enumerate(labels) if i % every == 0 or i == len(labels) - 1]

    def rule(self, value: int, label: str) -> list[str]:
        if not self.low <= value <= self.high:
            return []
        y = self.y(value)
        text_y = y - 5 if y - 5 > TOP + 12 else y + 16        # inside the frame
        return [f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" '
                f'stroke="#5c5c5c" stroke-width="1.5" stroke-dasharray="5 4"/>',
                f'<text x="{WIDTH - RIGHT - 4}" y="{text_y:.1f}" text-anchor="end" '
                f'font-size="14" fill="#5c5c5c">{escape(label)}</text>']


def _legend(names: Sequence[str], y: float) -> list[str]:
    out = []
    x = LEFT
    for i, name in enumerate(names):
        colour = COLOURS[i % 4]
        dash = f' stroke-dasharray="{DASHES[i % 4]}"' if DASHES[i % 4] else ""
        out.append(f'<line x1="{x}" x2="{x + 22}" y1="{y:.1f}" y2="{y:.1f}" stroke="{colour}" '
                   f'stroke-width="3"{dash}/>')
        out.append(_marker(i, x + 11, y, colour, True, ""))
        out.append(f'<text x="{x + 28}" y="{y + 4:.1f}" font-size="15" fill="{INK}">'
                   f'{escape(name)}</text>')
        x += 42 + 9 * len(name)
    return out


def score_race(uid: str, title: str, desc: str, series: Sequence[Series],
               rules: Sequence[tuple[int, str]], x_labels: Sequence[str]) -> Markup:
    """Running totals of each player, deal by deal (x: 0 = the start), with
    horizontal rules (the goal, the barrier)."""
    values = [v for s in series for v in s.values] + [r[0] for r in rules] + [0]
    count = max((len(s.values) for s in series), default=1)
    height = HEIGHT + 24
    f = _Frame(count, min(values), max(values), height - 24)
    body = f.grid() + f.x_labels(x_labels)
    for value, label in rules:
        body += f.rule(value, label)
    for i, s in enumerate(series):
        colour = COLOURS[i % 4]
        dash = f' stroke-dasharray="{DASHES[i % 4]}"' if DASHES[i % 4] else ""
        points = " ".join(f"{f.x(j):.1f},{f.y(v):.1f}" for j, v in enumerate(s.values))
        body.append(f'<polyline points="{points}" fill="none" stroke="{colour}" '
                    f'stroke-width="2.5"{dash} stroke-linejoin="round"/>')
        for j, v in enumerate(s.values):
            body.append(_marker(i, f.x(j), f.y(v), colour, True,
                                f'class="point" data-series="{escape(s.name)}" '
                                f'data-x="{j}" data-value="{v}"'))
    body += _legend([s.name for s in series], height - 12)
    return _svg(uid, title, desc, body, height)


@dataclass(frozen=True, slots=True)
class Result:
    label: str
    score: int
    won: bool
    online: bool


def results_over_time(uid: str, title: str, desc: str, results: Sequence[Result],
                      goal_rule: tuple[int, str] | None, legend: tuple[str, str, str]
                      ) -> Markup:
    """A player's final score game by game: a filled mark for a win, a hollow one for
    a loss; a square for an online game."""
    values = [r.score for r in results] + ([goal_rule[0]] if goal_rule else []) + [0]
    height = HEIGHT + 24
    f = _Frame(max(len(results), 2), min(values), max(values), height - 24)
    body = f.grid() + f.x_labels([r.label for r in results])
    if goal_rule:
        body += f.rule(*goal_rule)
    colour = COLOURS[1]
    if len(results) > 1:
        points = " ".join(f"{f.x(i):.1f},{f.y(r.score):.1f}" for i, r in enumerate(results))
        body.append(f'<polyline points="{points}" fill="none" stroke="{colour}" '
                    f'stroke-width="1.5" opacity=".5"/>')
    for i, r in enumerate(results):
        x = f.x(i) if len(results) > 1 else f.x(0.5)
        body.append(_marker(1 if r.online else 0, x, f.y(r.score), colour, r.won,
                            f'class="point" data-value="{r.score}" data-won="{int(r.won)}" '
                            f'data-online="{int(r.online)}"'))
    won, lost, online = legend
    y = height - 12
    body += [_marker(0, LEFT + 6, y, colour, True, ""),
             f'<text x="{LEFT + 16}" y="{y + 4}" font-size="15">{escape(won)}</text>',
             _marker(0, LEFT + 120, y, colour, False, ""),
             f'<text x="{LEFT + 130}" y="{y + 4}" font-size="15">{escape(lost)}</text>',
             _marker(1, LEFT + 250, y, colour, True, ""),
             f'<text x="{LEFT + 260}" y="{y + 4}" font-size="15">{escape(online)}</text>']
    return _svg(uid, title, desc, body, height)


def contract_sizes(uid: str, title: str, desc: str, sizes: dict[int, list[int]],
                   legend: tuple[str, str]) -> Markup:
    """Bars by contract size: made (below) and failed (stacked above), with counts."""
    keys = sorted(sizes)
    top = max((m + f for m, f in sizes.values()), default=1)
    height = HEIGHT
    f = _Frame(2, 0, max(top, 1), height - 24)
    body = f.grid()
    slot = (WIDTH - LEFT - RIGHT) / max(len(keys), 1)
    bar = min(44.0, slot * 0.7)
    for i, size in enumerate(keys):
        made, failed = sizes[size]
        x = LEFT + slot * i + (slot - bar) / 2
        y0 = f.y(0)
        ym = f.y(made)
        yf = f.y(made + failed)
        body.append(f'<rect class="bar made" x="{x:.1f}" y="{ym:.1f}" width="{bar:.1f}" '
                    f'height="{y0 - ym:.1f}" fill="{MADE}" data-size="{size}" '
                    f'data-value="{made}"/>')
        body.append(f'<rect class="bar failed" x="{x:.1f}" y="{yf:.1f}" width="{bar:.1f}" '
                    f'height="{ym - yf:.1f}" fill="{FAILED}" data-size="{size}" '
                    f'data-value="{failed}" fill-opacity=".85"/>')
        if made + failed:           # above the bar, or inside it where the frame ends
            above = yf - 4 >= 16
            body.append(f'<text x="{x + bar / 2:.1f}" y="{yf - 4 if above else yf + 16:.1f}" '
                        f'text-anchor="middle" font-size="14" '
                        f'fill="{INK if above else "#fff"}">{made}/{made + failed}</text>')
        body.append(f'<text x="{x + bar / 2:.1f}" y="{height - 24 - BOTTOM + 18}" '
                    f'text-anchor="middle" font-size="14">{size}</text>')
    y = height - 10
    body += [f'<rect x="{LEFT}" y="{y - 9}" width="12" height="12" fill="{MADE}"/>',
             f'<text x="{LEFT + 18}" y="{y + 2}" font-size="15">{escape(legend[0])}</text>',
             f'<rect x="{LEFT + 130}" y="{y - 9}" width="12" height="12" fill="{FAILED}"/>',
             f'<text x="{LEFT + 148}" y="{y + 2}" font-size="15">{escape(legend[1])}</text>']
    return _svg(uid, title, desc, body, height)

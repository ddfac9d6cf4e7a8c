"""``python -m tysiac.bots.training`` (``make train-bots``): every shipped weight file
of the bots, made again from a seed.

* ``weights/value-{3,2x10,2x9}.npz``: the expert bot's value models
  (:mod:`.datagen` samples, :mod:`.mlp` networks);
* ``weights/basic.json``: the basic bot's hand counts (:mod:`.basicfit`, from games
  played with the counts written by hand, ``selfplay.PRIOR``);
* ``weights/winprob.json``: the chance to win the game from a score state
  (:mod:`.winprob`);
* ``weights/play.json``: the card-play and gift policies of the expert bot's
  inference from the cards played and given (:mod:`.playfit`);
* ``weights/bombs.json``: what keeping a bomb is worth: declarers' margins and
  how long games last (:mod:`.bombs`).

The games of basic bots of the later steps count hands with the counts the
basic step wrote (``--out``'s ``basic.json``; the package's if it has none), so a
run depends on its seed and the code alone. The data generation runs on
``--jobs`` processes (default: every core). Each
step prints the data size, the validation error and the time. ``--quick`` is a
small run for CI that writes to ``--out`` (a temporary folder unless given) and
leaves the shipped files alone.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from .. import evaluation, playinference, valuemodel
from . import basicfit, bombs, datagen, mlp, playfit, selfplay, winprob

#: Samples per layout, games of the basic bot per layout, simulated games for
#: the win chance: full run and ``--quick``.
FULL = {"value": {"3": 300_000, "2x10": 150_000, "2x9": 150_000}, "basic": 2000,
        "winprob": 3000, "play": 300, "bombs": 300, "bomb_games": 300}
QUICK = {"value": {"3": 2000, "2x10": 1000, "2x9": 1000}, "basic": 40, "winprob": 60,
         "play": 2, "bombs": 3, "bomb_games": 10}
#: Hidden layers of the networks, and epochs (full run, quick run).
HIDDEN = (128, 64)
EPOCHS = (12, 2)
#: Share of samples whose gift inputs are blanked in training (3 playing seats),
#: so that a defender may ask about a declarer whose other gift it never saw.
GIFT_DROPOUT = 0.15
STEPS = ("value", "basic", "winprob", "play", "bombs")


def value_models(layout: str, count: int, seed: int, jobs: int, epochs: int,
                 out: Path) -> None:
    start = time.perf_counter()
    samples = datagen.generate(layout, count, seed, jobs)
    made = time.perf_counter() - start
    print(f"value-{layout}: {len(samples)} samples in {made:.0f} s", flush=True)
    rng = np.random.default_rng(seed)
    nets: dict[str, valuemodel.Network] = {}
    info: dict[str, float] = {"samples": float(len(samples)), "seed": float(seed)}
    for stage in valuemodel.STAGES:
        hands = samples.dealt if stage == "pre" else samples.final
        extra = [samples.extra[:, 0].copy(), samples.extra[:, 1].copy()]
        if layout == "3":
            for e in extra:
                e[rng.random(len(e)) < GIFT_DROPOUT] = 0
        else:
            extra = extra[:1]
        x = valuemodel.encode(stage, hands, extra, samples.flags)
        t = time.perf_counter()
        fit = mlp.train(x, samples.points, samples.defenders, HIDDEN, epochs=epochs, seed=seed)
        nets[stage] = fit.network
        info.update({f"{stage}.{k}": v for k, v in fit.figures.items()})
        f = fit.figures
        print(f"  {stage:5}: validation ({f['samples']:.0f} samples): points MAE "
              f"{f['points_mae']:.1f}, defenders MAE {f['defenders_mae']:.1f}, Brier(>=100) "
              f"{f['brier_100']:.3f}, cross-entropy {f['cross_entropy']:.3f}; "
              f"fit {time.perf_counter() - t:.0f} s", flush=True)
    valuemodel.write(valuemodel.path(layout, out), valuemodel.ValueModel(layout, nets, info))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tysiac.bots.training",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--quick", action="store_true", help="a small run (CI)")
    parser.add_argument("--out", type=Path, default=None,
                        help="folder for the weight files (default: the package's, or a "
                        "temporary one with --quick)")
    parser.add_argument("--only", choices=STEPS, action="append",
                        default=[], help="run only these steps (repeatable)")
    args = parser.parse_args(argv)
    sizes = QUICK if args.quick else FULL
    epochs = EPOCHS[1] if args.quick else EPOCHS[0]
    out = args.out or (Path(tempfile.mkdtemp(prefix="tysiac-weights-")) if args.quick
                       else valuemodel.WEIGHTS)
    steps = args.only or list(STEPS)
    start = time.perf_counter()
    print(f"training the bots' weights into {out} (seed {args.seed}, {args.jobs} processes)",
          flush=True)
    if "value" in steps:
        for layout, count in sizes["value"].items():  # type: ignore[attr-defined]
            value_models(layout, count, args.seed, args.jobs, epochs, out)
    if "basic" in steps:
        t = time.perf_counter()
        fits = {layout: basicfit.fit(layout, int(sizes["basic"]), args.seed, args.jobs)  # type: ignore[call-overload]
                for layout in selfplay.TABLES}
        basicfit.write(out / "basic.json", fits)
        for layout, f in fits.items():
            print(f"basic-{layout}: {f['samples']} deals; spread pre {f['pre']['spread']}, "  # type: ignore[index]
                  f"final {f['final']['spread']}", flush=True)  # type: ignore[index]
        print(f"  basic weights in {time.perf_counter() - t:.0f} s", flush=True)
    counts = out / "basic.json"
    if not counts.exists():
        counts = evaluation.WEIGHTS_FILE
    if "winprob" in steps:
        t = time.perf_counter()
        table = winprob.fit(int(sizes["winprob"]), args.seed, args.jobs, counts)  # type: ignore[call-overload]
        winprob.write(out / "winprob.json", table)
        print(f"winprob: {table.games} games, {table.states} states; validation log-loss "
              f"{table.log_loss:.3f}; {time.perf_counter() - t:.0f} s", flush=True)
    if "play" in steps:
        t = time.perf_counter()
        policy = playfit.fit(int(sizes["play"]), args.seed, args.jobs)  # type: ignore[call-overload]
        playinference.write(out / playinference.FILE, policy)
        i = policy.info
        print(f"play: {i['deals']:.0f} deals of strong bots, {i['plays']:.0f} plays; validation "
              f"log-loss {i['val_log_loss']:.3f} a play (uniform {i['val_uniform_log_loss']:.3f}),"
              f" favourite card chosen {i['val_top1']:.1%}; {time.perf_counter() - t:.0f} s",
              flush=True)
        g = {k: i.get(f"gift_val_{k}", float("nan")) for k in ("log_loss", "uniform_log_loss",
                                                                "top1")}
        print(f"  gifts: {i['gifts']:.0f}; validation log-loss {g['log_loss']:.3f} (uniform "
              f"{g['uniform_log_loss']:.3f}), favourite card given {g['top1']:.1%}", flush=True)
    if "bombs" in steps:
        t = time.perf_counter()
        games = int(sizes["bomb_games"])  # type: ignore[call-overload]
        data = bombs.fit(int(sizes["bombs"]), games, args.seed, args.jobs, counts)  # type: ignore[call-overload]
        bombs.write(out, data)
        print(f"bombs: {data['declarations']} declarations of strong bots; deals left from "
              f"{games} games per table size, validation MAE {data['deals_left_mae']} deals; "
              f"{time.perf_counter() - t:.0f} s", flush=True)
    print(f"done in {time.perf_counter() - start:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""weft: the experiment runner of the Weft GPU (docs/sweeps.md).

    import weft
    rec = weft.run("psum", "base", {"fetch_policy": "gto"}, size=256)
    sw = weft.load("sweeps/demo.yaml"); pts = sw.points()
"""
from .runner import run  # noqa: F401
from .spec import load, point_id  # noqa: F401

__all__ = ["run", "load", "point_id"]

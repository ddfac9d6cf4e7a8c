"""A PettingZoo AEC environment for researchers (needs the ``env`` extra:
``pip install 'tysiac[env]'``). See :mod:`.aec`.

    from tysiac.env import env
    e = env("pl-3")                      # or env("pl-2", deals=10, bombs_per_player=0)
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else \\
            e.action_space(agent).sample(obs["action_mask"])
        e.step(action)
"""

from .aec import env, raw_env

__all__ = ["env", "raw_env"]

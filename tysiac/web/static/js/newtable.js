// The new-table form: the seats and the rules follow the number of players.

const form = document.getElementById("new-table");
const preset = document.getElementById("preset");
const defaults = { 2: "online-2", 3: "online-3", 4: "pl-4" };

function players() { return Number(form.querySelector("input[name=players]:checked")?.value || 3); }

function sync(changedPlayers) {
  const n = players();
  for (const group of preset.querySelectorAll("optgroup")) {
    const hide = Number(group.dataset.players) !== n;
    group.hidden = hide;
    for (const opt of group.querySelectorAll("option")) opt.disabled = hide;
  }
  if (changedPlayers || preset.selectedOptions[0]?.disabled) preset.value = defaults[n];
  for (const seat of form.querySelectorAll(".seat-choice")) seat.hidden = Number(seat.dataset.seat) >= n;
}

form.addEventListener("change", (e) => { if (e.target.name === "players") sync(true); });
sync(false);

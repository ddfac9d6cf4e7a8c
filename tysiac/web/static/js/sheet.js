// The score sheet's forms, made quicker to fill on a phone. Everything also works
// without this script: the server fills in the last card points and checks all.

const form = document.getElementById("deal-form");

/** The last empty field of a group gets the rest of ``total`` while the others are
 *  filled in; a field typed into is the player's own from then on. */
function autoFill(inputs, total) {
  const own = new Set(inputs.filter((el) => el.value.trim() !== "" && !el.classList.contains("auto")));
  function fill() {
    const open = inputs.filter((el) => !own.has(el));
    for (const el of open) el.classList.remove("auto");
    if (open.length !== 1) {
      for (const el of open) if (el.dataset.filled) { el.value = ""; delete el.dataset.filled; }
      return;
    }
    const [last] = open;
    const values = inputs.filter((el) => own.has(el)).map((el) => el.value.trim());
    if (values.some((v) => !/^[0-9]{1,4}$/.test(v))) return;
    const rest = total - values.reduce((sum, v) => sum + Number(v), 0);
    if (rest < 0) { if (last.dataset.filled) { last.value = ""; delete last.dataset.filled; } return; }
    last.value = String(rest);
    last.dataset.filled = "1";
    last.classList.add("auto");
  }
  for (const el of inputs) {
    el.addEventListener("input", () => {
      if (el.value.trim() === "") own.delete(el); else own.add(el);
      delete el.dataset.filled;
      fill();
    });
  }
  fill();
}

if (form) {
  const contract = form.querySelector("#contract");
  const step = Number(form.dataset.step) || 10;
  for (const button of form.querySelectorAll("button.step")) {
    button.addEventListener("click", () => {
      const now = /^[0-9]+$/.test(contract.value.trim()) ? Number(contract.value) : 100;
      contract.value = String(Math.max(100, now + step * Number(button.dataset.step)));
      contract.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }
  const bomb = form.querySelector("#bomb");
  const bombing = () => form.classList.toggle("bombing", Boolean(bomb && bomb.checked));
  if (bomb) bomb.addEventListener("change", bombing);
  bombing();
  const cards = [...form.querySelectorAll(".cards input.num")];
  if (form.dataset.auto === "1") autoFill(cards, 120);
  // What the card points add up to, as they are typed (a correction changes two).
  const sum = form.querySelector(".cards .sum");
  const showSum = () => {
    const values = cards.map((el) => el.value.trim());
    if (values.some((v) => !/^[0-9]{1,4}$/.test(v))) { sum.textContent = ""; return; }
    const total = values.reduce((a, v) => a + Number(v), 0);
    sum.textContent = sum.dataset.text.replace("{n}", String(total));
    sum.classList.toggle("off", sum.dataset.exact === "1" ? total !== 120 : total > 120);
  };
  if (sum) {
    for (const el of cards) el.addEventListener("input", showSum);
    showSum();
  }
  autoFill([...form.querySelectorAll(".tricks input.num")], Number(form.dataset.tricks) || 8);
  // A number field tapped is ready to be typed over.
  for (const el of form.querySelectorAll("input.num, #contract")) {
    el.addEventListener("focus", () => el.select());
  }
}

// The new-game form: the first dealer's choices say the players' names, and the
// rules follow the number of players (unless chosen for as many).
const newSheet = document.getElementById("new-sheet");
if (newSheet) {
  const preset = newSheet.querySelector("#preset");
  const sync = () => {
    const count = [0, 1, 2, 3].filter((i) => newSheet.querySelector(`#player${i}`).value.trim()).length;
    const chosen = preset.selectedOptions[0];
    if (count >= 2 && chosen && Number(chosen.dataset.players) !== count) {
      const fits = preset.querySelector(`option[data-players="${count}"]`);
      if (fits) preset.value = fits.value;
    }
    for (const label of newSheet.querySelectorAll(".first-dealer label[data-seat]")) {
      const seat = label.dataset.seat;
      const name = newSheet.querySelector(`#player${seat}`).value.trim();
      label.querySelector("span").textContent = name || `${Number(seat) + 1}`;
      label.hidden = !name && seat === "3";
    }
  };
  newSheet.addEventListener("input", sync);
  sync();
}

// A new group's name only when a new group is chosen.
for (const select of document.querySelectorAll("select#group")) {
  const box = select.form.querySelector(".new-group");
  const sync = () => { if (box) box.hidden = select.value !== "new"; };
  select.addEventListener("change", sync);
  sync();
}

// An upload over the limit is refused before it is sent (the server refuses it too).
const upload = document.getElementById("import-sheet");
if (upload) {
  upload.addEventListener("submit", (e) => {
    const file = upload.querySelector("#file").files[0];
    if (file && file.size > Number(upload.dataset.limit)) {
      e.preventDefault();
      let note = upload.querySelector("#file-error");
      if (!note) {
        note = document.createElement("p");
        note.id = "file-error";
        note.className = "error";
        note.setAttribute("role", "alert");
        upload.querySelector("#file").after(note);
      }
      note.textContent = upload.dataset.tooBig;
    }
  });
}

for (const el of document.querySelectorAll("input.invite")) el.addEventListener("focus", () => el.select());

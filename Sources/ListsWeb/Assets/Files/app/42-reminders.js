// Reminders: the household's stream sends `reminder` when a task's reminder comes (EventHub.remind); the page shows
// it in a bar at the top of the screen, read out at once (role "alert"), until it is dismissed. A page in the
// background has closed its stream (40-live-updates.js), and one with no stream (offline, JavaScript off) gets no
// reminder: the home screen and Today say what is due.
function showReminder(data) {
  const bar = document.createElement("div");
  bar.className = "undo-bar reminder-bar";
  bar.setAttribute("role", "alert");
  const message = document.createElement("p");
  message.className = "undo-message";
  message.textContent = `Reminder: ${data.title}`;
  const dismiss = document.createElement("button");
  dismiss.type = "button";
  dismiss.className = "undo-button";
  dismiss.textContent = "Dismiss";
  dismiss.setAttribute("aria-label", `Dismiss the reminder of ${data.title}`);
  dismiss.addEventListener("click", () => { bar.remove(); });
  bar.append(message, dismiss);
  document.body.append(bar);
}

function listenForReminders(stream) {
  stream.addEventListener("reminder", (event) => {
    let data = null;
    try { data = JSON.parse(event.data); } catch (error) { return; }
    if (data && typeof data.title === "string") showReminder(data);
  });
}

/// The stylesheet of every page (`/static/app.css`): the iOS look of the tutorials' screens in plain CSS,
/// mobile first (an iPhone-sized screen, 390×844), centred in a column on wider screens, light and dark.
///
/// Only system fonts and no images from elsewhere: the CSP allows nothing but this server.
///
/// The colours are Apple's, darkened where Apple's own fail WCAG 2.2 AA on these backgrounds (text 4.5:1, a
/// control's outline 3:1): the tint is #0064d2 rather than #007aff (3.81:1 on the bars), secondary text is
/// 75% rather than 60% of its grey, the red is iOS's high-contrast #d70015. In dark mode Apple's colours pass,
/// except white on the filled tint and red, which use the light mode's darker fills. Controls are at least
/// 44×44 px, as Apple's guidelines and WCAG's target size ask.
enum StyleSheet {
    /// The CSS text.
    static let text = #"""
        :root {
          --bg: #f2f2f7; --cell: #fff; --label: #000; --secondary: rgba(60, 60, 67, .75);
          --separator: rgba(60, 60, 67, .29); --tint: #0064d2; --red: #d70015; --green: #34c759; --orange: #ff9500;
          --tint-fill: #0064d2; --red-fill: #d70015; --ring: #8e8e93; --segment-bg: rgba(118, 118, 128, .12);
          --bar: rgba(249, 249, 249, .94); --highlight: #d1d1d6; --chevron: #c4c4c7; --tab-idle: #6d6d72;
          --alert-bg: #ffe5e3; --alert-fg: #a1150d; --status-bg: #e3f0ff; --status-fg: #0b4a8f;
          --dim: rgba(0, 0, 0, .4); --toast-bg: #2c2c2e; --toast-fg: #fff; --toast-action: #7cc0ff;
          color-scheme: light dark;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --bg: #000; --cell: #1c1c1e; --label: #fff; --secondary: rgba(235, 235, 245, .6);
            --separator: rgba(84, 84, 88, .65); --tint: #0a84ff; --red: #ff453a; --green: #30d158;
            --orange: #ff9f0a; --bar: rgba(22, 22, 24, .94); --highlight: #3a3a3c; --chevron: #5a5a5e;
            --tab-idle: #98989f; --ring: #8e8e93; --segment-bg: rgba(118, 118, 128, .24);
            --alert-bg: #3b1512; --alert-fg: #ffb4ad; --status-bg: #0d2740; --status-fg: #a8d1ff;
            --dim: rgba(0, 0, 0, .6); --toast-bg: #48484a; --toast-fg: #fff; --toast-action: #a8d4ff;
          }
        }
        *, *::before, *::after { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; }
        body {
          margin: 0; background: var(--bg); color: var(--label);
          font: 17px/1.3 -apple-system, BlinkMacSystemFont, "SF Pro Text", "Segoe UI", Roboto, "Helvetica Neue",
            Arial, sans-serif;
        }
        main { display: block; }
        .screen { max-width: 720px; margin: 0 auto; min-height: 100vh; min-height: 100dvh; }
        .visually-hidden {
          position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
          clip: rect(0 0 0 0); white-space: nowrap; border: 0;
        }
        :focus-visible { outline: 3px solid var(--tint); outline-offset: -3px; }
        a { color: var(--tint); }
        button { font: inherit; color: inherit; }

        /* Navigation bar: bar buttons left and right, the title centred. */
        .navbar {
          position: sticky; top: 0; z-index: 10; display: grid; grid-template-columns: 1fr auto 1fr;
          align-items: center; min-height: 44px; padding: 0 max(8px, env(safe-area-inset-left));
          padding-top: env(safe-area-inset-top); background: var(--bar); border-bottom: .5px solid var(--separator);
          -webkit-backdrop-filter: saturate(180%) blur(20px); backdrop-filter: saturate(180%) blur(20px);
        }
        .bar-left { justify-self: start; display: flex; align-items: center; }
        .bar-right { justify-self: end; display: flex; align-items: center; }
        .bar-title {
          margin: 0; font-size: 17px; font-weight: 600; text-align: center; max-width: 52vw;
          overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
        }
        .bar-button {
          display: inline-flex; align-items: center; min-height: 44px; min-width: 44px; padding: 0 8px;
          border: 0; background: none; color: var(--tint); font-size: 17px; text-decoration: none; cursor: pointer;
        }
        .bar-button.strong { font-weight: 600; }
        .bar-button.symbol { font-size: 30px; font-weight: 300; line-height: 1; justify-content: center; }
        .bar-button.back { padding-left: 0; white-space: nowrap; }
        .bar-left, .bar-right { min-width: 0; max-width: 100%; }
        .household-button { max-width: 100%; white-space: nowrap; }
        .household-name { min-width: 0; overflow: hidden; text-overflow: ellipsis; }
        .bar-button:active { opacity: .4; }

        /* Grouped table. */
        .content { padding: 20px 0 calc(32px + env(safe-area-inset-bottom)); }
        .has-tabs .content { padding-bottom: calc(90px + env(safe-area-inset-bottom)); }
        .group {
          list-style: none; margin: 0 16px; padding: 0; background: var(--cell); border-radius: 10px;
          overflow: hidden;
        }
        .group + .group { margin-top: 35px; }
        /* A row out of sight is not laid out or painted until it scrolls near: a list of 10,000 rows (waiting
           changes drawn offline) is on the screen in about half the time. */
        .group > .row {
          position: relative; display: flex; align-items: center; min-height: 44px;
          content-visibility: auto; contain-intrinsic-size: auto 44px;
        }
        .group > .row + .row::before {
          content: ""; position: absolute; top: 0; left: 16px; right: 0; border-top: .5px solid var(--separator);
        }
        .row-form { flex: 1; min-width: 0; margin: 0; }
        .row-button, .row-link {
          display: flex; align-items: center; gap: 10px; width: 100%; min-height: 44px; margin: 0;
          padding: 11px 16px; border: 0; background: none; color: var(--label); text-align: left;
          text-decoration: none; cursor: pointer;
        }
        .row-button:active, .row-link:active { background: var(--highlight); }
        .row-title { flex: 1; min-width: 0; overflow-wrap: anywhere; }
        .row-text { flex: 1; min-width: 0; display: flex; flex-direction: column; }
        .row-subtitle { font-size: 13px; color: var(--secondary); }
        .row-detail { color: var(--secondary); white-space: nowrap; font-variant-numeric: tabular-nums; }
        /* The marker of a row that a tap checks: an empty circle, filled with a checkmark when checked. */
        .check {
          flex: none; display: inline-flex; align-items: center; justify-content: center; width: 24px; height: 24px;
          border: 1.5px solid var(--ring); border-radius: 50%; color: #fff; font-size: 14px; font-weight: 700;
          line-height: 1;
        }
        .checked .check, .task.done .check { background: var(--tint-fill); border-color: var(--tint-fill); }
        .chevron { color: var(--chevron); font-size: 22px; line-height: 1; }
        .circle {
          flex: none; width: 24px; height: 24px; border: 1.5px solid var(--ring); border-radius: 50%;
        }
        .info-button {
          flex: none; display: flex; align-items: center; justify-content: center; min-width: 44px;
          min-height: 44px; margin-right: 4px; color: var(--tint); font-size: 22px; text-decoration: none;
        }
        .info-glyph {
          display: flex; align-items: center; justify-content: center; width: 22px; height: 22px;
          border: 1.5px solid currentColor; border-radius: 50%; font: italic 600 14px Georgia, "Times New Roman", serif;
        }
        /* Delete mode: the red minus on the left reveals Delete on the right, as in iOS. */
        .row.editing { gap: 6px; padding-right: 16px; }
        .row.editing .row-title { padding: 11px 0; }
        .minus-button {
          flex: none; display: flex; align-items: center; justify-content: center; width: 44px; min-height: 44px;
          margin-left: 4px;
        }
        .minus {
          position: relative; width: 22px; height: 22px; border-radius: 50%; background: var(--red-fill);
          transition: transform .2s;
        }
        .minus::after {
          content: ""; position: absolute; left: 5px; right: 5px; top: 10px; height: 2px; background: #fff;
        }
        .confirming .minus { transform: rotate(-90deg); }
        .row-confirm { flex: none; display: flex; align-items: center; gap: 8px; margin: 0; }
        .row .action-button.destructive {
          min-height: 44px; min-width: 76px; padding: 0 14px; border: 0; border-radius: 8px;
          background: var(--red-fill); color: #fff; font-size: 17px; cursor: pointer;
        }
        .remove-button, .cancel-button, .role-button {
          flex: none; display: flex; align-items: center; justify-content: center; min-width: 76px;
          min-height: 44px; padding: 0 12px; border: 0; background: none; color: var(--red); font-size: 17px;
          text-decoration: none; cursor: pointer;
        }
        .cancel-button, .role-button { color: var(--tint); }
        .role-button { min-width: 0; }
        .task.confirming .delete-reveal { display: none; }
        .task .row-confirm { margin-right: 4px; }
        .task.done .row-title { text-decoration: line-through; color: var(--secondary); }
        .group-footer { margin: 8px 32px 0; font-size: 13px; color: var(--secondary); }
        .group-footer + .group, .group-footer + .group-header, .group-footer + form { margin-top: 35px; }
        .group-header {
          margin: 0 32px 7px; font-size: 13px; font-weight: 400; text-transform: uppercase; color: var(--secondary);
        }
        .pager { display: flex; align-items: center; gap: 4px; margin: 8px 16px; }
        .pager-link {
          display: inline-flex; align-items: center; justify-content: center; min-width: 44px; min-height: 44px;
          font-size: 20px; color: var(--tint); text-decoration: none;
        }
        span.pager-link { color: var(--secondary); opacity: 0.4; }
        .pager-place { flex: 1; text-align: center; font-size: 13px; color: var(--secondary); font-variant-numeric: tabular-nums; }
        .empty { margin: 48px 32px; text-align: center; color: var(--secondary); }
        .segmented {
          display: flex; margin: 0 16px 16px; padding: 2px; border-radius: 9px; background: var(--segment-bg);
        }
        .segment {
          flex: 1; display: flex; align-items: center; justify-content: center; min-height: 44px; border-radius: 7px;
          color: var(--label); font-size: 15px; text-decoration: none;
        }
        .segment[aria-current] { background: var(--cell); font-weight: 600; box-shadow: 0 1px 3px rgba(0, 0, 0, .12); }
        .total {
          display: flex; justify-content: space-between; margin: 24px 16px 0; padding: 12px 16px;
          background: var(--cell); border-radius: 10px;
        }
        .total .amount { font-variant-numeric: tabular-nums; }
        .details { margin: 0 16px; padding: 0; }
        .details .row { justify-content: space-between; gap: 16px; padding: 11px 16px; }
        .details dt { flex: none; }
        .details dd { margin: 0; color: var(--secondary); text-align: right; overflow-wrap: anywhere; }
        .none { font-style: italic; }
        .app-icon {
          flex: none; display: flex; align-items: center; justify-content: center; width: 30px; height: 30px;
          border-radius: 7px; color: #fff; font-weight: 700; font-size: 17px;
        }
        .icon-shopping { background: var(--green); }
        .icon-shopping::after { content: "$"; }
        .icon-todo { background: var(--tint); }
        .icon-todo::after { content: "\2713"; }
        .icon-birds { background: var(--orange); }
        .icon-birds::after { content: "\2726"; }

        /* Messages. */
        .notice { margin: 0 16px 16px; padding: 12px 16px; border-radius: 10px; font-size: 15px; }
        .notice.alert { background: var(--alert-bg); color: var(--alert-fg); }
        .notice.status { background: var(--status-bg); color: var(--status-fg); }

        /* The Undo bar: at the bottom of the screen (above the tab bar), over the content, which leaves room for it. */
        .undo-bar {
          position: fixed; z-index: 15; left: 12px; right: 12px; bottom: calc(12px + env(safe-area-inset-bottom));
          max-width: 560px; margin: 0 auto; display: flex; align-items: center; gap: 8px; padding: 4px 4px 4px 16px;
          border-radius: 12px; background: var(--toast-bg); color: var(--toast-fg);
          box-shadow: 0 4px 18px rgba(0, 0, 0, .25); animation: rise .25s ease-out;
        }
        .has-tabs .undo-bar { bottom: calc(66px + env(safe-area-inset-bottom)); }
        .has-undo .content { padding-bottom: calc(96px + env(safe-area-inset-bottom)); }
        .has-tabs.has-undo .content { padding-bottom: calc(150px + env(safe-area-inset-bottom)); }
        .undo-message { flex: 1; min-width: 0; margin: 0; font-size: 15px; overflow-wrap: anywhere; }
        .undo-form { flex: none; margin: 0; }
        .undo-button {
          min-height: 44px; min-width: 64px; padding: 0 14px; border: 0; border-radius: 8px; background: none;
          color: var(--toast-action); font-size: 17px; font-weight: 600; cursor: pointer;
        }
        .undo-button:focus-visible { outline-color: var(--toast-action); }
        .undo-button:active { background: rgba(255, 255, 255, .15); }
        @keyframes rise { from { transform: translateY(24px); opacity: 0; } to { transform: none; opacity: 1; } }
        .no-anim .undo-bar { animation: none; }

        /* With no network: a small mark under the navigation bar ("Offline · 3 changes waiting"), and the changes
           the server did not apply once it was back, over the bottom of the screen until dismissed. */
        .offline-bar {
          position: fixed; z-index: 25; top: calc(50px + env(safe-area-inset-top)); left: 50%;
          transform: translateX(-50%); padding: 3px 12px; border-radius: 999px; background: var(--toast-bg);
          color: var(--toast-fg); font-size: 13px; white-space: nowrap; pointer-events: none;
        }
        .not-applied {
          position: fixed; z-index: 30; left: 12px; right: 12px; bottom: calc(12px + env(safe-area-inset-bottom));
          max-width: 560px; margin: 0 auto; padding: 8px 16px; border-radius: 12px; background: var(--alert-bg);
          color: var(--alert-fg); box-shadow: 0 4px 18px rgba(0, 0, 0, .25);
        }
        .not-applied h2 { margin: 4px 0; font-size: 15px; }
        .not-applied ul { margin: 0; padding-left: 18px; font-size: 15px; overflow-wrap: anywhere; }
        .not-applied button { display: block; margin-left: auto; color: var(--alert-fg); }

        /* Forms: label on the left, the field filling the row, its message below. */
        .fields { margin: 0 16px; background: var(--cell); border-radius: 10px; overflow: hidden; }
        .field {
          position: relative; display: grid; grid-template-columns: 6.5em 1fr; column-gap: 8px;
          align-items: center; padding: 0 16px; min-height: 44px; background: var(--cell);
        }
        .field + .field::before {
          content: ""; position: absolute; top: 0; left: 16px; right: 0; border-top: .5px solid var(--separator);
        }
        .field:focus-within { box-shadow: inset 0 0 0 2px var(--tint); }
        .field input {
          width: 100%; min-width: 0; min-height: 44px; padding: 11px 0; border: 0; background: none;
          color: var(--label); font: inherit; outline: none;
        }
        .field-error, .field-hint { grid-column: 1 / -1; margin: 0 0 10px; font-size: 13px; }
        .field-error { color: var(--red); }
        .field-hint { color: var(--secondary); }
        .field.invalid label { color: var(--red); }
        .check-row {
          display: flex; justify-content: space-between; align-items: center; gap: 8px; padding: 0 16px; min-height: 44px;
        }
        .check-group { margin-top: 20px; }
        /* A checkbox as tall as its row, so that it is a 44 px target: a 22 px box drawn inside it. */
        .check-row input {
          appearance: none; position: relative; width: 44px; height: 44px; margin: 0 -11px 0 0; background: none;
          cursor: pointer;
        }
        .check-row input::before {
          content: ""; position: absolute; top: 11px; left: 11px; width: 22px; height: 22px; box-sizing: border-box;
          border: 2px solid var(--secondary); border-radius: 6px;
        }
        .check-row input:checked::before {
          background: var(--tint); border-color: var(--tint);
        }
        .check-row input:checked::after {
          content: ""; position: absolute; top: 15px; left: 19px; width: 5px; height: 10px; box-sizing: border-box;
          border: solid #fff; border-width: 0 2px 2px 0; transform: rotate(45deg);
        }
        .check-row input:focus-visible {
          outline: 2px solid var(--tint); outline-offset: -6px; border-radius: 10px;
        }
        .insert-form { margin: 0 16px 20px; }
        .insert-row { display: flex; gap: 8px; align-items: flex-start; }
        .insert-row .field { flex: 1; grid-template-columns: 1fr; border-radius: 10px; }
        .insert-button {
          flex: none; min-height: 44px; padding: 0 16px; border: 0; border-radius: 10px; background: var(--tint-fill);
          color: #fff; font-weight: 600; cursor: pointer;
        }
        .sheet-actions { margin: 32px 16px 0; }
        .destructive, .action-row {
          display: flex; align-items: center; justify-content: center; width: 100%; min-height: 44px; border: 0;
          border-radius: 10px; background: var(--cell); color: var(--red); font-size: 17px; text-decoration: none;
          cursor: pointer;
        }
        .action-row {
          width: calc(100% - 32px); margin: 20px 16px 0; padding: 11px 16px; color: var(--tint); font-weight: 600;
          text-align: center;
        }
        .action-row:disabled { color: var(--secondary); cursor: default; }
        .destructive:active, .action-row:active { background: var(--highlight); }
        .field select {
          width: 100%; min-width: 0; min-height: 44px; padding: 0 24px 0 0; border: 0; background: none;
          color: var(--label); font: inherit; -webkit-appearance: none; appearance: none; cursor: pointer;
        }
        .select-field::after {
          content: "\203A"; position: absolute; right: 16px; top: 50%; transform: translateY(-55%) rotate(90deg);
          color: var(--secondary); font-size: 22px; pointer-events: none;
        }
        .import-form .field { grid-template-columns: 4.5em 1fr; }
        .field input[type=file] { padding: 6px 0; font-size: 15px; cursor: pointer; }
        .field input[type=file]::file-selector-button {
          min-height: 32px; margin-right: 10px; padding: 0 12px; border: 0; border-radius: 8px;
          background: var(--bg); color: var(--tint); font: inherit; font-weight: 600; cursor: pointer;
        }
        .upload-progress { margin: 16px 16px 0; }
        .upload-progress[hidden] { display: none; }
        .upload-progress progress { width: 100%; height: 8px; accent-color: var(--tint); }
        .upload-status { margin: 4px 16px 0; font-size: 13px; color: var(--secondary); }

        /* An action sheet asks before a delete: the question and the red button, Cancel apart below. */
        .sheet.action-sheet {
          top: auto; bottom: 0; padding: 0 8px calc(8px + env(safe-area-inset-bottom)); overflow: visible;
          background: none; border-radius: 0; box-shadow: none;
        }
        .action-group { border-radius: 14px; background: var(--cell); overflow: hidden; text-align: center; }
        .action-group form { margin: 0; }
        .action-title { margin: 0; padding: 14px 16px 2px; font-size: 13px; font-weight: 600; color: var(--secondary); }
        .action-title:focus { outline: none; }
        .action-message { margin: 0; padding: 0 16px 14px; font-size: 13px; color: var(--secondary); }
        .action-sheet .action-button {
          display: flex; align-items: center; justify-content: center; width: 100%; min-height: 56px; border: 0;
          border-top: .5px solid var(--separator); background: var(--cell); color: var(--tint); font-size: 20px;
          text-decoration: none; cursor: pointer;
        }
        .action-sheet .action-button.destructive { color: var(--red); border-radius: 0; }
        .action-sheet .action-button.cancel { margin-top: 8px; border: 0; border-radius: 14px; font-weight: 600; }
        .action-sheet .action-button:active { background: var(--highlight); }

        /* Sheets slide up over the screen they came from, which stays dimmed behind. */
        main:has(.sheet) .behind { height: 100vh; overflow: hidden; }
        .sheet-backdrop { position: fixed; inset: 0; z-index: 20; background: var(--dim); animation: fade .25s ease-out; }
        .sheet {
          position: fixed; z-index: 30; left: 0; right: 0; bottom: 0; top: max(12px, env(safe-area-inset-top));
          max-width: 720px; margin: 0 auto; overflow-y: auto; background: var(--bg);
          border-radius: 12px 12px 0 0; box-shadow: 0 -2px 24px rgba(0, 0, 0, .2);
          animation: slide-up .32s cubic-bezier(.2, .8, .2, 1);
        }
        .sheet .navbar { border-radius: 12px 12px 0 0; }
        @keyframes slide-up { from { transform: translateY(100%); } to { transform: none; } }
        @keyframes fade { from { opacity: 0; } to { opacity: 1; } }
        .no-anim .sheet, .no-anim .sheet-backdrop { animation: none; }

        /* Tab bar. */
        .tabbar {
          position: fixed; z-index: 10; left: 0; right: 0; bottom: 0; display: flex; justify-content: center;
          padding-bottom: env(safe-area-inset-bottom); background: var(--bar); border-top: .5px solid var(--separator);
          -webkit-backdrop-filter: saturate(180%) blur(20px); backdrop-filter: saturate(180%) blur(20px);
        }
        .tab {
          flex: 1; max-width: 200px; display: flex; flex-direction: column; align-items: center; gap: 2px;
          padding: 6px 0 5px; color: var(--tab-idle); font-size: 11px; font-weight: 500; text-decoration: none;
        }
        .tab.current { color: var(--tint); }
        .tab-icon { font-size: 22px; line-height: 26px; }
        .icon-items::before { content: "\2630"; }
        .icon-list::before { content: "\2611"; }

        /* Sections of the account screens: a header after anything but a message starts a new group, a group's rows
           that are text (a member, a token) have the padding a row's link has, and a read-only text to copy wraps. */
        .content > :not(.notice) + .group-header { margin-top: 35px; }
        .group > .row > .row-text { padding: 11px 16px; }
        .group > .row > .row-text:not(:last-child) { padding-right: 0; }
        .group > .row > .row-detail:last-child { padding-right: 16px; }
        .group > .row > .remove-button { margin-right: 4px; }
        .row-button .row-text { flex: 1; }
        .row-check { flex: none; min-width: 1em; color: var(--tint); font-weight: 600; text-align: center; }
        .row-button.action { justify-content: center; color: var(--tint); font-weight: 600; text-align: center; }
        .group + .account-form > .fields:first-child { margin-top: 35px; }
        .wide-labels .field { grid-template-columns: 9em 1fr; }
        .field:has(> label.visually-hidden) { grid-template-columns: 1fr; }
        .action-row.destructive { color: var(--red); }
        .action-row[hidden] { display: none; }
        a.action-row { margin-top: 35px; }
        .copy-field { display: block; }
        .copy-field textarea {
          display: block; width: 100%; min-height: 44px; margin: 0; padding: 11px 0; border: 0; background: none;
          color: var(--label); font: 15px/1.4 ui-monospace, "SF Mono", Menlo, "DejaVu Sans Mono", "Liberation Mono",
            monospace;
          overflow-wrap: anywhere; word-break: break-all; resize: none; outline: none; field-sizing: content;
        }
        .fields + .action-row[data-copy] { margin-top: 12px; }

        /* Error pages. */
        .error-page { margin: 32px 24px; text-align: center; }
        .error-status { margin: 0; font-size: 56px; font-weight: 200; color: var(--secondary); }
        .error-message { overflow-wrap: anywhere; }
        .button-link { display: inline-block; padding: 12px 20px; border-radius: 10px; background: var(--cell); }

        @media (min-width: 768px) {
          .content { padding-top: 32px; }
          .sheet { top: 8vh; bottom: auto; max-height: 84vh; max-width: 560px; border-radius: 12px; }
          .sheet.action-sheet { top: auto; bottom: 8vh; max-width: 420px; }
          main:has(.sheet) .behind { height: auto; overflow: visible; }
          .field { grid-template-columns: 8em 1fr; }
        }
        @media (prefers-reduced-motion: reduce) {
          .sheet, .sheet-backdrop, .undo-bar { animation: none; }
        }
        """#
}

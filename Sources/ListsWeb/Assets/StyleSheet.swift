/// The stylesheet of every page (`/static/app.css`): the iOS look of the tutorials' screens in plain CSS,
/// mobile first (an iPhone-sized screen, 390×844), centred in a column on wider screens, light and dark.
///
/// Only system fonts and no images from elsewhere: the CSP allows nothing but this server.
enum StyleSheet {
    /// The CSS text.
    static let text = #"""
        :root {
          --bg: #f2f2f7; --cell: #fff; --label: #000; --secondary: rgba(60, 60, 67, .6);
          --separator: rgba(60, 60, 67, .29); --tint: #007aff; --red: #ff3b30; --green: #34c759; --orange: #ff9500;
          --bar: rgba(249, 249, 249, .94); --highlight: #d1d1d6; --chevron: #c4c4c7; --tab-idle: #8e8e93;
          --alert-bg: #ffe5e3; --alert-fg: #a1150d; --status-bg: #e3f0ff; --status-fg: #0b4a8f;
          --dim: rgba(0, 0, 0, .4);
          color-scheme: light dark;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --bg: #000; --cell: #1c1c1e; --label: #fff; --secondary: rgba(235, 235, 245, .6);
            --separator: rgba(84, 84, 88, .65); --tint: #0a84ff; --red: #ff453a; --green: #30d158;
            --orange: #ff9f0a; --bar: rgba(22, 22, 24, .94); --highlight: #3a3a3c; --chevron: #5a5a5e;
            --alert-bg: #3b1512; --alert-fg: #ffb4ad; --status-bg: #0d2740; --status-fg: #a8d1ff;
            --dim: rgba(0, 0, 0, .6);
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
        .bar-button:active { opacity: .4; }

        /* Grouped table. */
        .content { padding: 20px 0 calc(32px + env(safe-area-inset-bottom)); }
        .has-tabs .content { padding-bottom: calc(90px + env(safe-area-inset-bottom)); }
        .group {
          list-style: none; margin: 0 16px; padding: 0; background: var(--cell); border-radius: 10px;
          overflow: hidden;
        }
        .group > .row { position: relative; display: flex; align-items: center; min-height: 44px; }
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
        .check { flex: none; width: 20px; color: var(--tint); font-weight: 700; text-align: center; }
        .chevron { color: var(--chevron); font-size: 22px; line-height: 1; }
        .circle {
          flex: none; width: 22px; height: 22px; border: 1.5px solid var(--chevron); border-radius: 50%;
        }
        .info-button {
          flex: none; display: flex; align-items: center; justify-content: center; min-width: 44px;
          min-height: 44px; margin-right: 4px; color: var(--tint); font-size: 22px; text-decoration: none;
        }
        .info-glyph {
          display: flex; align-items: center; justify-content: center; width: 22px; height: 22px;
          border: 1.5px solid currentColor; border-radius: 50%; font: italic 600 14px Georgia, "Times New Roman", serif;
        }
        .row.editing { gap: 10px; padding-right: 16px; }
        .row.editing .row-title { padding: 11px 0; }
        .row-delete { margin: 0 0 0 12px; }
        .delete-button, .remove-button {
          min-height: 32px; padding: 4px 12px; border: 0; border-radius: 8px; background: var(--red); color: #fff;
          font-size: 15px; cursor: pointer;
        }
        .row-side { margin: 0 12px 0 0; }
        .remove-button { background: none; color: var(--red); min-height: 44px; }
        .task.done .row-title { text-decoration: line-through; color: var(--secondary); }
        .group-footer { margin: 8px 32px 0; font-size: 13px; color: var(--secondary); }
        .pager { display: flex; align-items: center; gap: 4px; margin: 8px 16px; }
        .pager-link {
          display: inline-flex; align-items: center; justify-content: center; min-width: 44px; min-height: 44px;
          font-size: 20px; color: var(--tint); text-decoration: none;
        }
        span.pager-link { color: var(--secondary); opacity: 0.4; }
        .pager-place { flex: 1; text-align: center; font-size: 13px; color: var(--secondary); font-variant-numeric: tabular-nums; }
        .empty { margin: 48px 32px; text-align: center; color: var(--secondary); }
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
        .insert-form { margin: 0 16px 20px; }
        .insert-row { display: flex; gap: 8px; align-items: flex-start; }
        .insert-row .field { flex: 1; grid-template-columns: 1fr; border-radius: 10px; }
        .insert-button {
          flex: none; min-height: 44px; padding: 0 16px; border: 0; border-radius: 10px; background: var(--tint);
          color: #fff; font-weight: 600; cursor: pointer;
        }
        .sheet-actions { margin: 32px 16px 0; }
        .destructive {
          width: 100%; min-height: 44px; border: 0; border-radius: 10px; background: var(--cell);
          color: var(--red); font-size: 17px; cursor: pointer;
        }
        .destructive:active { background: var(--highlight); }

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

        /* Error pages. */
        .error-page { margin: 32px 24px; text-align: center; }
        .error-status { margin: 0; font-size: 56px; font-weight: 200; color: var(--secondary); }
        .error-message { overflow-wrap: anywhere; }
        .button-link { display: inline-block; padding: 12px 20px; border-radius: 10px; background: var(--cell); }

        @media (min-width: 768px) {
          .content { padding-top: 32px; }
          .sheet { top: 8vh; bottom: auto; max-height: 84vh; max-width: 560px; border-radius: 12px; }
          main:has(.sheet) .behind { height: auto; overflow: visible; }
          .field { grid-template-columns: 8em 1fr; }
        }
        @media (prefers-reduced-motion: reduce) {
          .sheet, .sheet-backdrop { animation: none; }
        }
        """#
}

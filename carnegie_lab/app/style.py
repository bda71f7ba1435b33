"""The dashboard's stylesheet (a ``<style>`` element in an HTML widget: Voilà has no other way in)."""
from ..core.i18n import N_, render
from ..ui.figures import FIGURE_WIDTH
from ..ui.rerun import HIDE_RULE
from ..views.map import HEIGHT as MAP_HEIGHT
from ..views.map import WIDTH as MAP_WIDTH
from ..views.palette import MUTED

_SHEET = """<style>
.cl-dashboard { font-family: Inter, 'Segoe UI', Helvetica, Arial, sans-serif; color: #2b2b2b;
  container-type: inline-size; }
.cl-header { display: flex; align-items: baseline; gap: 14px; margin: 0 0 6px 2px; }
.cl-title { font-size: 24px; font-weight: 700; letter-spacing: 0.5px; }
.cl-subtitle { color: {muted}; font-size: 13px; }
.cl-main { gap: 14px; flex-wrap: wrap; }
.cl-board { width: 820px; min-width: min(820px, 100%); max-width: 100%; }
.cl-side-tabs { width: 400px; min-width: 360px; flex: 1 1 400px; }
.cl-side-tabs .widget-tab-contents { padding: 8px; }
.cl-side-tabs .lm-TabBar-tab { min-width: 0 !important; max-width: none !important; flex: 1 1 auto !important;
  padding: 0 8px !important; }
table.cl-scores caption { white-space: nowrap; }
/* accessibility (issue 45): the side tabs' and buttons' words readable (contrast 4.5:1 at least), the focused
   control outlined wherever it is, a control's name for screen readers only where its words are shown beside it
   (``names.hidden_label``), the log's scrolling box reachable by the keyboard */
.cl-side-tabs .lm-TabBar-tab, .cl-side-tabs .lm-TabBar-tabLabel { color: #4a453d !important; }
.cl-dashboard button.mod-primary { background-color: #1565c0; }
.cl-dashboard button.mod-info { background-color: #00707c; }
.cl-dashboard button.mod-success { background-color: #2e7d32; }
.cl-dashboard button.mod-warning { background-color: #a14a00; }
.cl-dashboard button.mod-danger { background-color: #c62828; }
.cl-dashboard :focus-visible, .cl-dashboard .jupyter-widgets input:focus-visible,
.cl-dashboard .jupyter-widgets select:focus-visible, .cl-dashboard .jupyter-widgets textarea:focus-visible,
.cl-dashboard .jupyter-widgets .noUi-handle:focus-visible {
  outline: 3px solid #1f5f9e !important; outline-offset: 1px; }
.cl-hidden-label > .widget-label { position: absolute !important; width: 1px !important; height: 1px;
  overflow: hidden; clip-path: inset(50%); white-space: nowrap; margin: 0; padding: 0; }
.cl-replay-where { font-size: 13px; margin: 6px 0 2px 0; }
.cl-arrow-keys { height: 0; overflow: hidden; }
.cl-keys-line { color: {muted}; font-size: 11.5px; margin-top: 6px; }
@media (hover: none) { .cl-keys-line, .cl-mouse-words { display: none; } }
@media (hover: hover) { .cl-touch-words { display: none; } }
.cl-board-tabs { border-bottom: 2px solid #2b2b2b; margin-bottom: 4px; }
.cl-board-tabs .widget-toggle-button { border-radius: 6px 6px 0 0; margin-right: 3px; font-weight: 600;
  background: #ece7dc; min-width: 96px; }
.cl-board-tabs .widget-toggle-button.mod-active { background: #2b2b2b; color: #fbf8f1; }
.cl-view-selector .widget-toggle-button { font-size: 12px; height: 26px; }
.cl-turn { border-left: 6px solid #8a8478; background: #fbf8f1; border-radius: 6px; padding: 8px 12px; }
.cl-headline { font-size: 15px; font-weight: 650; }
.cl-prompt { font-size: 14px; margin-top: 4px; line-height: 1.35; }
.cl-board-hint { font-size: 12px; color: #b0246a; margin-top: 3px; }
.cl-chip { display: inline-block; margin-right: 6px; vertical-align: -1px; }
.cl-group { border-top: 1px solid #e6e0d3; padding-top: 4px; margin-top: 6px; }
.cl-group-title { font-weight: 650; font-size: 13px; margin: 4px 0 3px 0; }
.cl-note, .cl-muted { color: {muted}; font-size: 12px; line-height: 1.35; }
.cl-error { color: #b3261e; font-weight: 600; line-height: 1.35; }
.cl-info { color: #2b2b2b; }
.cl-ok { color: #2e7d32; }
.cl-slot { font-size: 12px; color: #5b5348; line-height: 28px; }
.cl-preview { font-size: 12px; color: #5b5348; line-height: 1.3; }
.cl-dashboard button.cl-submit { flex: 0 0 auto; }   /* its words whole; the sentence beside it wraps */
.cl-dashboard button.cl-cell, .cl-dashboard button.cl-wrap {
  white-space: pre-line !important; line-height: 1.2; font-size: 11px; padding: 3px 4px; height: auto; }
.cl-dashboard button.cl-cell { height: 58px; }
.cl-dashboard .cl-group-timeline button.cl-option { text-align: left; white-space: normal !important;
  height: auto; min-height: 30px; line-height: 1.25; padding: 4px 8px; }
.cl-dashboard button.cl-small { font-size: 11px; height: 24px; }
.cl-dashboard button.cl-two-lines { white-space: pre-line !important; text-align: left; height: auto;
  min-height: 34px; line-height: 1.25; padding: 3px 8px; font-size: 12px; }
.cl-dashboard button.cl-two-lines::first-line { font-weight: 600; }
.cl-dashboard button.cl-inactive { background: #f1ede4; color: {muted}; font-style: italic; }
.cl-grid-head { font-size: 11px; color: {muted}; text-align: center; text-transform: uppercase; }
.cl-recent { margin-top: 6px; }
.cl-hints { border-top: 1px solid #e6e0d3; margin-top: 8px; padding-top: 4px; }
.cl-hint-rows { margin: 0 0 4px 0; padding-left: 20px; font-size: 12.5px; line-height: 1.35; }
.cl-hint-row { margin-bottom: 4px; }
.cl-hint-place { color: {muted}; font-size: 11.5px; }
.cl-hint-numbers { color: #2b2b2b; font-size: 12px; }
.cl-hint-why { color: #5b5348; font-size: 12px; }
.cl-recent-lines { margin: 0; padding-left: 18px; font-size: 12.5px; line-height: 1.4; }
.cl-log-body { max-height: 640px; overflow-y: auto; }
.cl-log-lines { font-size: 13px; line-height: 1.45; margin: 0 0 4px 0; }
.cl-round-head { font-size: 12px; font-weight: 650; color: #5b5348; border-bottom: 1px solid #e6e0d3;
  margin: 8px 0 2px 0; padding-bottom: 1px; }
.cl-log-head { color: {muted}; font-size: 12px; }
.cl-game-over { font-size: 16px; font-weight: 700; margin: 6px 0; }
table.cl-scores { border-collapse: collapse; font-size: 13px; margin: 6px 0; }
table.cl-scores caption { text-align: left; font-weight: 650; padding-bottom: 4px; }
table.cl-scores td, table.cl-scores th { padding: 2px 10px; border-bottom: 1px solid #e6e0d3; text-align: right; }
table.cl-scores td:first-child { text-align: left; color: #5b5348; }
table.cl-scores tr.cl-total td { border-top: 2px solid #2b2b2b; }
.cl-download { font-weight: 600; }
.cl-dashboard button.cl-load { font-size: 0; }
.cl-dashboard button.cl-load i.fa { font-size: 13px; margin-right: 6px; }
.cl-dashboard button.cl-load::after { content: "{load}"; font-size: 13px; }
.cl-drawing { width: 800px; height: 470px; display: flex; align-items: center; justify-content: center;
  background: #fbf8f1; color: {muted}; font-size: 15px; }
.cl-players-row { display: flex; gap: 8px; margin: 2px 0 6px 0; flex-wrap: wrap; }
.cl-player { border: 1px solid #ccc; border-left-width: 5px; border-radius: 6px; padding: 3px 10px;
  font-size: 12.5px; line-height: 1.45; background: #fff; min-width: 150px; }
.cl-player.cl-now { box-shadow: 0 0 0 2px #2b2b2b33; background: #fbf8f1; }
.cl-bots { border-top: 1px solid #e6e0d3; margin-top: 8px; padding-top: 4px; }
.cl-role { font-size: 12.5px; margin: 4px 0 0 0; padding: 4px 8px; border-radius: 6px; background: #f1ede4;
  line-height: 1.35; }
.cl-role-watch { background: #fdf1e3; }
.cl-links-list { margin: 4px 0; }
.cl-link-row { margin: 5px 0; font-size: 12.5px; }
.cl-link { width: 100%; box-sizing: border-box; font-family: monospace; font-size: 11.5px; padding: 3px 5px;
  border: 1px solid #ccc; border-radius: 4px; background: #fff; color: #2b2b2b; }
.cl-stored-game { font-size: 12.5px; line-height: 1.35; }
.cl-page-bridge, .cl-click-guard, .cl-focus-keeper, .cl-aria-labels { display: none; }
.cl-applying { pointer-events: none; }
.cl-applying button, .cl-busy .cl-play-tab button.widget-button { opacity: 0.55; cursor: progress; }
.cl-link-box { display: flex; gap: 4px; align-items: center; }
.cl-copy { flex: 0 0 auto; min-width: 64px; padding: 3px 8px; cursor: pointer; }
.cl-rules-link { font-size: 12.5px; margin: 2px 0 4px; }
.cl-rules-link a { color: #1f5f9e; text-decoration: underline; }
/* phones (narrow screens), and a notebook's output area as narrow (a container query on the dashboard's own width,
   not the screen's): the side panel (the decision) above the board, each the page's width; the map
   scaled down to its box's width (a CSS transform, which plotly.js maps its hovers and clicks through; CSS zoom
   it does not), the other figures at their size, scrolling sideways in their box; every button is a touch
   target of 44 px */
@container (max-width: 700px) {
  .cl-header { flex-wrap: wrap; gap: 0 10px; }
  .cl-main { flex-direction: column !important; align-items: stretch !important; gap: 10px; }
  .cl-main > .cl-board, .cl-main > .cl-side-tabs { width: auto !important; min-width: 0 !important;
    max-width: 100%; flex: 0 0 auto !important; box-sizing: border-box; margin-left: 0; margin-right: 0; }
  .cl-main > .cl-side-tabs { order: -1; }
  .cl-board .js-plotly-plot { min-width: fit-content; }
  .cl-board .cl-figure-map { container-type: inline-size; min-height: 0 !important; overflow: hidden; }
  .cl-board .cl-figure-map .js-plotly-plot { transform-origin: 0 0; transform: scale(min(1, 100cqw / {figure_width}px));
    margin-bottom: calc((min(1, 100cqw / {figure_width}px) - 1) * {map_height}px); }
  .cl-board-tabs .widget-toggle-button { min-width: 0; }
  .cl-board-tabs > div, .cl-view-selector > div { flex-wrap: wrap; }
  .cl-side-tabs .lm-TabBar-tab { min-height: 44px !important; line-height: 44px !important; padding: 0 4px !important; }
  .cl-side-tabs .lm-TabBar-content { flex-wrap: wrap; }
  .cl-dashboard button.jupyter-button, .cl-dashboard button.cl-small, .cl-view-selector .widget-toggle-button {
    min-height: 44px !important; }
  .cl-dashboard .widget-checkbox input { width: 22px; height: 22px; }
  .cl-dashboard .widget-checkbox, .cl-dashboard .widget-checkbox label { min-height: 44px; line-height: 44px; }
  .cl-drawing { width: 100%; }
}
{hide_rerun_note}
</style>"""


#: The Load button's label (the stylesheet writes it: see RecordPanel).
LOAD_LABEL = N_("Load a game")


def style(lang: str | None = None) -> str:
    """The stylesheet, its words (the Load button's label) in a language."""
    map_height = round(MAP_HEIGHT * FIGURE_WIDTH / MAP_WIDTH)          # the map's height as the board draws it
    return (_SHEET.replace("{load}", render(LOAD_LABEL, lang).replace('"', "'"))
            .replace("{figure_width}", str(FIGURE_WIDTH)).replace("{map_height}", str(map_height))
            .replace("{muted}", MUTED).replace("{hide_rerun_note}", HIDE_RULE))


STYLE = style()

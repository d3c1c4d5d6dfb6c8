// The dln HTML viewer: shows the positions dln computed (one JSON object per position) and follows the
// links each position gives for each key.  It decides nothing about the rules: what is legal, what a move
// took, the score, all come from dln.
// The data is deflated (dln/views/packed.py): each game's block (class dln-game) comes after the blocks of
// its positions (class dln-positions) and lists the keys each holds.  A block is inflated (inflate.js)
// when a position in it is first wanted, and the last few inflated are kept: a page of many games opens
// at once, and a huge game is never decoded whole.
(function () {
  "use strict";
  var blocks = Array.prototype.slice.call(document.querySelectorAll("script.dln-game"));
  var settings = JSON.parse(document.getElementById("dln-keys").textContent);
  var KEYS = settings.keys;
  var HELP_KEYS = settings.help_keys;
  var current = null;
  var shownRound = null;
  var timer = null;
  var DELAYS = settings.delays;  // auto-play speeds, seconds a move (dln replay's, tui.DELAYS)
  var delay = settings.delay;
  var $ = function (id) { return document.getElementById(id); };

  function esc(text) {
    return String(text).replace(/[&<>"]/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c];
    });
  }
  function gameIndex(number) {
    for (var i = 0; i < blocks.length; i++) if (blocks[i].getAttribute("data-game") === String(number)) return i;
    return -1;
  }

  // -- the data: inflated when first wanted, the last KEEP blocks kept --------------------------------
  var KEEP = 16;
  var kept = new Map();  // block element -> its JSON, the one used last at the end
  var inflated = { blocks: 0, games: {} };  // what was inflated so far (for tests: dlnViewer.inflated)
  var utf8 = new TextDecoder();
  function unpack(element, game) {
    var data = kept.get(element);
    if (data) {
      kept.delete(element);
    } else {
      try {
        var text = atob(element.textContent.replace(/\s+/g, "")), bytes = new Uint8Array(text.length);
        for (var k = 0; k < text.length; k++) bytes[k] = text.charCodeAt(k);
        data = JSON.parse(utf8.decode(dlnInflate(bytes)));
      } catch (e) {  // cut short or changed since dln wrote it
        throw new Error("game " + blocks[game].getAttribute("data-game") + ": this page's data is damaged (" + e.message + ")");
      }
      inflated.blocks++;
      inflated.games[game] = true;
      if (kept.size >= KEEP) kept.delete(kept.keys().next().value);
    }
    kept.set(element, data);
    return data;
  }
  // Game i: its header, with "place": where each key is (its block's number) and the blocks of positions.
  function game(i) {
    var g = unpack(blocks[i], i);
    if (!g.place) {
      var place = { where: {}, parts: [] };
      for (var e = blocks[i].previousElementSibling; place.parts.length < g.blocks.length; e = e.previousElementSibling) {
        if (!e || !e.classList.contains("dln-positions")) {
          throw new Error("game " + g.number + ": this page's data is damaged (a block of positions is missing)");
        }
        place.parts.unshift(e);
      }
      g.blocks.forEach(function (keys, n) { keys.forEach(function (key) { place.where[key] = n; }); });
      g.place = place;
    }
    return g;
  }
  // Why the data last asked for could not be read (null: it was, or it is not in the page).
  var unreadable = null;
  // Where game i starts or ends (null if its data cannot be read: the status line says why).
  function end(i, which) {
    try { return game(i)[which]; } catch (e) { unreadable = $("status").textContent = e.message; return null; }
  }
  function lookup(key) {
    var m = /^g(\d+)-/.exec(key || "");
    if (!m) return null;
    var i = gameIndex(m[1]);
    if (i < 0) return null;
    var place = game(i).place, n = place.where[key];
    if (n === undefined) return null;
    var p = unpack(place.parts[n], i)[key];
    return p ? { game: i, pos: p } : null;
  }

  // -- drawing one position -------------------------------------------------------------------
  function findingHtml(f) {
    var mark = f.severity === "error" ? "\u2717 " : "\u26A0 ";
    var html = '<li class="finding ' + esc(f.severity) + '">' + mark + '<span class="code">' + esc(f.code) +
      " " + esc(f.name) + "</span>: " + esc(f.message);
    if (f.help && f.help.length) {
      html += '<br><span class="help-moves">legal instead: <code>' + esc(f.help.slice(0, 6).join(", ")) +
        (f.help.length > 6 ? ", \u2026" : "") + "</code></span>";
    }
    return html + "</li>";
  }
  function moveHtml(p) {
    var html = "";
    var move = p.move;
    if (move) {
      html += '<p><span class="dln">' + esc(move.number) + ". " + esc(move.text) + "</span>" +
        (move.xeri ? '<span class="xeri">XERI</span>' : "") + "</p>";
      if (move.taken.length) html += "<p>took <code>" + esc(move.taken.join(" ")) + "</code></p>";
      var own = p.findings.slice(0, p.findings.length - p.round_findings_count);
      html += own.length ? "<ul>" + own.map(findingHtml).join("") + "</ul>"
        : '<p class="legal">\u2713 legal</p>';
      p.move.glyphs.forEach(function (g) { html += "<p><strong>" + esc(g[0]) + "</strong> " + esc(g[1]) + "</p>"; });
      p.move.comments.forEach(function (c) { html += '<p class="comment">' + esc(c) + "</p>"; });
      if (p.variations.length) {
        html += '<p class="variations">' + p.variations.length + " variation" + (p.variations.length > 1 ? "s" : "") +
          " instead (v enters):</p><ul class=\"variations\">" + p.variations.map(function (v) {
            return '<li><a href="#' + esc(v[1]) + '">' + esc(v[0]) + "</a></li>";  // as DLN writes it, in ( )
          }).join("") + "</ul>";
      }
    } else if (p.start) {
      html += "<p>" + esc(p.start) + "</p>";
    }
    if (p.new_deal && p.deal) html += "<p><strong>deal " + p.deal[0] + " of " + p.deal[1] + ": " + (p.deal_size || "six") + " more cards each</strong></p>";
    p.notes.forEach(function (n) {
      html += '<p class="note"><span class="kind">' + esc(n[0]) + ':</span> <span class="comment">' + esc(n[1]) + "</span></p>";
    });
    var about = p.findings.slice(p.findings.length - p.round_findings_count);
    if (about.length) html += '<h3>the record</h3><ul>' + about.map(findingHtml).join("") + "</ul>";
    if (p.kind === "stopped") html += '<p class="stopped">the replay of this line stops here: what follows cannot be judged</p>';
    if (p.kind === "unreplayable") html += '<p class="stopped">this round cannot be replayed</p>';
    if (p.cancelled) html += "<p><strong>round cancelled: " + esc(p.cancelled) + " had it redealt for face cards</strong></p>";
    else if (p.to_play) html += '<p class="turn">' + esc(p.to_play) + " to play</p>";
    else if (p.kind === "end") html += '<p class="turn">' + "round over</p>";
    return html;
  }
  function endHtml(p) {
    if (!p.end) return "";
    var html = "";
    if (p.rest && p.rest.length) html += "<p>rest: <code>" + esc(p.rest.join(" ")) + "</code> go to " + esc(p.end.rest_to) + ", who captured last</p>";
    return html + '<p class="standing' + (p.end.winner ? " winner" : "") + '">' + esc(p.standing) + "</p>";
  }
  function cellHtml(v) {
    // A cell of cards or a mark (a heading: 10♦) comes as [with its symbols, in words]: the symbols shown, the
    // words read aloud.
    if (typeof v === "string") return esc(v);
    return '<span aria-hidden="true">' + esc(v[0]) + '</span><span class="sr">' + esc(v[1]) + "</span>";
  }
  function sheetHtml(p) {
    // Each game scores its own items: dln gives the columns and rows.
    var s = p.sheet;
    var html = '<table class="scores"><caption>' + esc(s.caption) + "</caption><thead><tr>" +
      s.columns.map(function (c) { return '<th scope="col">' + cellHtml(c) + "</th>"; }).join("") + "</tr></thead><tbody>";
    s.rows.forEach(function (r) {
      html += '<tr><th scope="row">' + esc(r[0]) + "</th>" +
        r.slice(1).map(function (v) { return "<td>" + cellHtml(v) + "</td>"; }).join("") + "</tr>";
    });
    html += "</tbody></table>";
    return html + endHtml(p);
  }
  function scoresHtml(p) {
    return p.sheet ? sheetHtml(p) : "";
  }
  // The page is in English; a comment, a name or a tag's value written in Greek letters is marked so, and a
  // screen reader reads it with its Greek voice, not spelt out by the English one.
  var GREEK = /[\u0370-\u03ff\u1f00-\u1fff]/;
  function markGreek(root) {
    Array.prototype.forEach.call(root.querySelectorAll(".comment, .tag-value"), function (e) { markIfGreek(e); });
  }
  function markIfGreek(e) {
    if (GREEK.test(e.textContent)) e.lang = "el";
  }
  function markMove(key) {
    var list = $("moves");
    var old = list.querySelector("a[aria-current]");
    if (old) old.removeAttribute("aria-current");
    var link = list.querySelector('a[data-key="' + key + '"]');
    if (link) {
      link.setAttribute("aria-current", "true");
      // Keep the current move in view inside the list, without scrolling the page itself.
      var box = list.getBoundingClientRect(), row = link.getBoundingClientRect();
      if (row.top < box.top || row.bottom > box.bottom) list.scrollTop += row.top - box.top - list.clientHeight / 2;
    }
  }
  // The dot of the move shown on the chart of the round's course (main line only: a variation is not on it).
  function markCourse(p) {
    var old = $("course").querySelector("circle.here");
    if (old) old.classList.remove("here");
    if (p.variation.length || !p.move) return;
    var dot = $("course").querySelector('circle[data-n="' + p.move.number + '"]');
    if (dot) dot.classList.add("here");
  }
  // A file's name as a shell takes it in the command the footer prints (Python's shlex.quote): 'my game.dln'
  // quoted; the record read from standard input is '-'.
  function shellWord(name) {
    if (name === "<stdin>") return "-";
    return /^[\w@%+=:,.\/-]+$/.test(name) ? name : "'" + name.replace(/'/g, "'\"'\"'") + "'";
  }
  function show(key, message) {
    var found;
    unreadable = null;
    try {
      found = lookup(key);
    } catch (e) {  // a damaged page: say so, and stay where the page was
      unreadable = $("status").textContent = e.message;
      return false;
    }
    if (!found) return false;
    var p = found.pos, g = game(found.game);
    current = { key: key, game: found.game };
    $("diagram").innerHTML = diagram(p);
    $("where").textContent = (blocks.length > 1 ? "game " + g.number + " \u00b7 " : "") + p.title +
      (p.variation.length ? " (" + p.variation.join(" > ") + ")" : "");
    $("move").innerHTML = moveHtml(p);
    markGreek($("move"));
    $("scores").innerHTML = scoresHtml(p);
    $("show-command").textContent = "dln show " + shellWord(p.file) + " " + p.show;
    // The record's words (the event, each name, each tag's value) each in an element of its own, marked
    // lang="el" as a comment is when written in Greek; the page's own words stay English.
    var said = function (text) { return text ? '<span class="tag-value">' + esc(text) + "</span>" : ""; };
    var info = [said(g.event), Object.keys(g.players).map(function (s) { return s + (g.players[s] ? " " + said(g.players[s]) : ""); }).join(", "),
      esc(g.rules || "")].concat(g.tags.map(function (t) { return esc(t[0]) + ": " + said(t[1]); }));
    $("game-info").innerHTML = info.filter(Boolean).join(" \u00b7 ");
    markGreek($("game-info"));
    var round = found.game + ":" + p.round_index;
    if (round !== shownRound) {
      $("moves").innerHTML = g.rounds[p.round_index].moves;
      markGreek($("moves"));
      $("course").innerHTML = g.rounds[p.round_index].course || "";
      $("moves-title").textContent = g.rounds[p.round_index].label + " moves";
      shownRound = round;
    }
    markMove(key);
    markCourse(p);
    $("game-select").value = String(found.game);
    var buttons = Array.prototype.slice.call(document.querySelectorAll("#controls button[data-action]"));
    buttons.forEach(function (b) {
      var action = b.getAttribute("data-action");
      if (action in p.go) b.disabled = !p.go[action] && beyond(action, p) < 0;
    });
    handFocusOn(buttons);
    if (message || !timer) $("status").textContent = message || "";  // while auto-play runs, it says so
    rememberAddress(key);
    document.documentElement.setAttribute("data-key", key);
    return true;
  }

  // Three or four players have a diagram drawn for a phone too (West and East under North): shown under
  // 640 pixels, where the page takes one column (viewer.css), and again when the window crosses that width.
  var phone = window.matchMedia("(max-width: 640px)");
  function diagram(p) {
    return phone.matches && p.svg_narrow ? p.svg_narrow : p.svg;
  }
  phone.addEventListener("change", function () {
    if (current) $("diagram").innerHTML = diagram(lookup(current.key).pos);
  });

  // A button pressed from the keyboard that can no longer be pressed ('leave' once out of the variation,
  // 'next' at the end) would drop the focus to the page itself: the nearest button that can be pressed
  // takes it, the one before it first.
  function handFocusOn(buttons) {
    var k = buttons.indexOf(document.activeElement);
    if (k < 0 || !buttons[k].disabled) return;
    for (var d = 1; d < buttons.length; d++) {
      var near = [buttons[k - d], buttons[k + d]].filter(function (b) { return b && !b.disabled; });
      if (near.length) { near[0].focus(); return; }
    }
  }

  // The address ends with the position shown, so a copied link opens there.  Browsers limit how often a
  // page may rewrite its address (Chromium: about 200 times in 10 s), so a burst of keys or auto-play
  // writes it once, when the moves pause; not over an address the reader followed meanwhile (its
  // hashchange, which may come after this write, shows it).
  var addressTimer = null;
  function rememberAddress(key) {
    clearTimeout(addressTimer);
    var before = location.hash;
    addressTimer = setTimeout(function () {
      if (location.hash === before && location.hash !== "#" + key) history.replaceState(null, "", "#" + key);
    }, 150);
  }

  // -- moving -----------------------------------------------------------------------------------
  // The game a move leads into from position p when it leads nowhere in its own (-1: none): the replayer
  // holds one game at a time; the page goes on into the next game, and back.  Known without inflating it.
  // → and ← stop at a variation's ends; n and p go on from anywhere, as Replay.next_round does.
  function beyond(action, p) {
    if (p.variation.length && action !== "next_round" && action !== "previous_round") return -1;
    if ((action === "forward" || action === "next_round") && current.game + 1 < blocks.length) return current.game + 1;
    if ((action === "back" || action === "previous_round") && current.game > 0) return current.game - 1;
    return -1;
  }
  function target(action) {
    unreadable = null;
    var p = lookup(current.key).pos;
    if (p.go[action]) return p.go[action];
    var other = beyond(action, p);
    if (other < 0) return null;
    // Into the game before: back to its last position, p to the start of its last round (Replay.previous_round).
    return end(other, action === "forward" || action === "next_round" ? "first"
      : action === "previous_round" ? "last_round" : "last");
  }
  var NOWHERE = {
    forward: "the end of the record", back: "this is the start of the record",
    next_round: "this is the last round", previous_round: "this is the first round",
    variation: "no variation at this move", next_variation: "no further variation of this move",
    previous_variation: "no earlier variation of this move", leave: "not in a variation"
  };
  function act(action) {
    if (action === "toggle_help") return toggleHelp();
    if (action === "toggle_play") return togglePlay();
    if (action === "go_to") return askMove();
    if (action === "faster") return speed(-1);
    if (action === "slower") return speed(1);
    var to = target(action);
    if (to === null) {
      if (unreadable) return false;  // the status line says why
      var here = lookup(current.key).pos;
      var inVariation = here.variation.length > 0;
      var written = action === "variation" && here.variations.length > 0;  // written only (Kontsina, Xeri)
      $("status").textContent = action === "forward" && inVariation ? "the end of this variation: v or u goes back"
        : written ? "this game's variations are written under the move, not stepped into" : NOWHERE[action] || "";
      return false;
    }
    return show(to);
  }
  function play() {
    clearInterval(timer);
    timer = setInterval(function () {
      // On as → goes, into the next game at the end of one (the replayer's auto-play does the same).
      if (!act("forward")) { togglePlay(); $("status").textContent = "auto-play stopped at the end"; }
    }, delay * 1000);
  }
  // A screen reader is not told every move while auto-play runs (ten a second at its fastest, each cutting
  // the last short): the move panel is quiet meanwhile, the status line says once that it plays, and the
  // move where it stops is read out.
  function togglePlay() {
    var button = document.querySelector('[data-action="toggle_play"]'), move = $("move");
    if (timer) {
      clearInterval(timer);
      timer = null;
      button.setAttribute("aria-pressed", "false");
      move.setAttribute("aria-live", "polite");
      $("status").textContent = "";
      var shown = move.innerHTML;  // drawn again once the region speaks, unless a key drew another move first
      setTimeout(function () { if (move.innerHTML === shown) move.innerHTML = shown; }, 0);
      return true;
    }
    button.setAttribute("aria-pressed", "true");
    move.setAttribute("aria-live", "off");
    $("status").textContent = "auto-play on: " + delay + " s a move";
    play();
    return true;
  }
  // + and -: the next speed of the replayer's, as dln replay steps them; a running auto-play follows.
  function speed(step) {
    var index = 0;
    DELAYS.forEach(function (d, i) { if (Math.abs(d - delay) < Math.abs(DELAYS[index] - delay)) index = i; });
    delay = DELAYS[Math.max(0, Math.min(DELAYS.length - 1, index + step))];
    if (timer) play();
    $("status").textContent = "auto-play" + (timer ? " on" : "") + ": " + delay + " s a move";
    return true;
  }

  // -- go to move N: : or m opens a small form; Enter goes, Escape cancels (dln replay's prompt) --------
  function askMove() {
    var form = $("goto"), input = $("goto-move");
    form.hidden = false;
    input.value = "";
    input.focus();
    return true;
  }
  function closeMove() {
    $("goto").hidden = true;
    document.activeElement.blur();
  }
  function goTo(number) {
    var p = lookup(current.key).pos, line = p.line;
    var here = number - line.first + 1;
    if (here < line.lowest || here > line.replayed) {
      $("status").textContent = line.reach ? "no move " + number + " in " + line.where + ": moves " +
        line.reach[0] + " to " + line.reach[1] : "no move " + number + ": " + line.where + " has no move to show";
      return false;
    }
    // The key's last count is the moves played in the line shown: -m5 on the main line, -v1.2 in a variation.
    var key = p.variation.length ? current.key.replace(/\.\d+$/, "." + here) : current.key.replace(/-m\d+$/, "-m" + here);
    return show(key);
  }
  // The form is novalidate: letters typed would leave the browser's own complaint and the field open, taking
  // every key after; the page closes it and says why, as dln replay takes no key but digits for a number.
  $("goto").addEventListener("submit", function (e) {
    e.preventDefault();
    var typed = $("goto-move").value.trim();
    closeMove();
    if (/^\d+$/.test(typed)) goTo(Number(typed));
    else if (typed) $("status").textContent = "no move '" + typed + "': a move number is digits, such as 12";
  });
  $("goto-move").addEventListener("keydown", function (e) {
    if (e.key === "Escape") { e.preventDefault(); e.stopPropagation(); closeMove(); }
  });
  // The help's keys, as in the replayer's help: a help taller than the window is scrolled by ↓ ↑ j k, paged
  // by PgDn PgUp Space (settings.help_keys: rows, pages), and Home End go to its ends; any other key closes
  // it (Escape, ?), and one that scrolls closes a help that fits.  Tab, and Enter or Space on its Close
  // button, are the browser's; Shift (held to type ?) and the like are no keys of their own.
  var HELD = { Shift: 1, CapsLock: 1, AltGraph: 1, Control: 1, Alt: 1, Meta: 1 };
  function helpKey(e) {
    var dialog = $("help"), t = e.target;
    if (e.key in HELD || e.key === "Tab" || ((e.key === "Enter" || e.key === " ") && t && t.tagName === "BUTTON")) return;
    e.preventDefault();
    var room = dialog.scrollHeight - dialog.clientHeight, step = HELP_KEYS[e.key];
    var row = $("help-keys").rows.length ? $("help-keys").rows[0].offsetHeight : 24;
    if (room > 0 && step) dialog.scrollTop += step[0] * row + step[1] * Math.max(row, dialog.clientHeight - 2 * row);
    else if (room > 0 && (e.key === "Home" || e.key === "End")) dialog.scrollTop = e.key === "Home" ? 0 : room;
    else dialog.close();
  }
  function toggleHelp() {
    var dialog = $("help");
    if (dialog.open) dialog.close(); else dialog.showModal();
    return true;
  }

  // The keys the games menu keeps while it has the focus (to choose a game, to open it); every other key of
  // the replay steps the game shown, as anywhere on the page (→ would otherwise choose the next game).
  var MENU_KEYS = { ArrowUp: 1, ArrowDown: 1, Home: 1, End: 1, PageUp: 1, PageDown: 1, Enter: 1, " ": 1, Escape: 1 };
  document.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if ($("help").open) return helpKey(e);
    var t = e.target, tag = t && t.tagName;
    if ((tag === "SELECT" && e.key in MENU_KEYS) || tag === "INPUT" || tag === "TEXTAREA") return;
    if ((e.key === "Enter" || e.key === " ") && (tag === "A" || tag === "BUTTON")) return;
    var action = KEYS[e.key];
    if (!action) return;
    e.preventDefault();
    act(action);
  });
  document.getElementById("controls").addEventListener("click", function (e) {
    var b = e.target.closest("button[data-action]");
    if (b) act(b.getAttribute("data-action"));
  });
  // The skip link goes to the first button that can be pressed; its "#controls" is not a position to show.
  document.querySelector(".skip").addEventListener("click", function (e) {
    e.preventDefault();
    var button = document.querySelector("#controls button:not(:disabled)");
    if (button) button.focus();
  });
  // A move in the list, a variation in the move panel: shown at once (the address follows).  The panel is
  // drawn anew, its link with the focus gone: the focus goes to the position in the move list, not to the
  // page's start, and the page stays where it is.
  document.addEventListener("click", function (e) {
    var link = e.target.closest && e.target.closest('a[href^="#g"]');
    if (!link || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    var inPanel = $("move").contains(link);
    if (!show(link.getAttribute("href").slice(1))) return;
    e.preventDefault();
    var shownMove = $("moves").querySelector("a[aria-current]");
    if (inPanel && shownMove) shownMove.focus({ preventScroll: true });
  });
  // The position the address names after its "#".  Anyone may type or paste anything there: a malformed
  // percent-escape ("#%E0", on which decodeURIComponent throws) is taken as written, and a message quotes
  // at most the start of a long one.
  function wantedKey() {
    var raw = location.hash.slice(1);
    try { return decodeURIComponent(raw); } catch (e) { return raw; }
  }
  function noPosition(key) {
    return "no position " + (key.length > 40 ? key.slice(0, 40) + "\u2026" : key) + " in this record";
  }
  window.addEventListener("hashchange", function () {
    var key = wantedKey();
    if (current && key === current.key) return;
    if (!show(key) && current) {
      var here = current.key;
      show(here, unreadable || noPosition(key));
    }
  });

  // -- start --------------------------------------------------------------------------------------
  var select = $("game-select");
  blocks.forEach(function (b, i) {
    var option = document.createElement("option");
    option.value = String(i);
    var label = b.getAttribute("data-label");
    option.textContent = "game " + b.getAttribute("data-game") + (label ? ": " + label : "");
    if (label && GREEK.test(label)) option.lang = "el";  // an option is one text: marked whole, as its label
    select.appendChild(option);
  });
  // The page's title is the record's name: marked as the record's other words are (the heading's own
  // element holds only the name, not the words the page adds).
  markIfGreek(document.querySelector("head title"));
  markGreek($("title"));
  $("game-choice").hidden = blocks.length < 2;
  select.addEventListener("change", function () {
    var first = end(Number(select.value), "first");
    if (first === null || !show(first)) select.value = String(current ? current.game : 0);
  });
  var rows = settings.help.map(function (h) { return "<tr><td>" + esc(h[0]) + "</td><td>" + esc(h[1]) + "</td></tr>"; });
  $("help-keys").innerHTML = rows.join("");
  if (!blocks.length) { $("where").textContent = "no game to replay"; return; }
  var wanted = wantedKey();
  if (!show(wanted)) {
    var why = unreadable || (wanted ? noPosition(wanted) : "");
    var start = end(0, "first");
    if (start === null || !show(start, why ? why + ": the start instead" : "")) {
      $("where").textContent = "this page's data cannot be read: " + $("status").textContent;
    }
  }
  window.dlnViewer = {
    show: show, act: act, current: function () { return current && current.key; },
    inflated: function () { return { blocks: inflated.blocks, games: Object.keys(inflated.games).map(Number), kept: kept.size }; }
  };
})();

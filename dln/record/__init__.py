"""The live table recorder behind ``dln record``: one typed line at a time, checked at once, written at once.

Three layers, so that most of it is tested without a terminal (the modules
of this package: ``questions``, ``moves``, ``session``, ``corrections`` and
``incremental`` are the logic, ``recordfile`` the file, ``terminal`` and
``prompt`` the prompt loop):

- :class:`NewGame` and :class:`Recorder` are pure logic.  ``NewGame`` asks the
  questions that start a game (seats' names, players, dealer, target, house
  rules) and turns the answers into tags.  ``Recorder`` holds the record so
  far (a :class:`dln.notation.model.Game`) and says what each typed line does: a move
  (``9c x 9d``), the opening table, a hand line, an annotation of the last
  move, ``undo``, ``redo``, ``fix``...  Every change is checked by replaying
  the candidate record with :func:`dln.check.validate.validate_game`, the one place
  the rules are applied to records: a change that makes the record illegal is
  refused with the validator's sentences and nothing is written.  A change to
  the round being recorded replays that round alone (``incremental``), so a
  move costs the same at move 400 as at move 4.  Because the validator
  rebuilds unseen hands from the cards each seat goes on to play, a move
  whose legality depends on a hidden card is judged again by every later
  move, and refused retroactively the moment the cards that settle it show up.
- :class:`RecordFile` is durability: the new text of the file either extends
  the old one (then only the new lines are appended, flushed and fsynced) or
  replaces it atomically (:func:`dln.files.replace_file`), under the lock
  ``dln fmt`` shares.  The file is always a DLN record that ``dln validate``
  accepts (an unfinished round only warns).  It is read game by game and
  only its last game is kept: the games before stay on disk as bytes.
  Nothing another program wrote is overwritten: a session whose file
  changed under it goes on from the file as it now is, or stops
  (:mod:`dln.record.changes`).
- :func:`run` is the prompt loop: questions, the status lines before each
  prompt, ``readline`` line editing and Tab completion on a terminal, plain
  lines on a pipe.
"""


from dln.record.changes import Diverged
from dln.record.moves import Refused, parse_move
from dln.record.prompt import Options, make_options, record, run
from dln.record.questions import NewGame, Question
from dln.record.recordfile import FileChanged, Loaded, RecordFile, read_record
from dln.record.reply import Reply
from dln.record.session import Recorder
from dln.record.terminal import Terminal

__all__ = [
    "Diverged",
    "FileChanged",
    "Loaded",
    "NewGame",
    "Options",
    "Question",
    "RecordFile",
    "Recorder",
    "Refused",
    "Reply",
    "Terminal",
    "make_options",
    "parse_move",
    "read_record",
    "record",
    "run",
]

"""Playing matches in Discord, whatever the game: what every game's cog shares.

A thin adapter over ``referee.service.Referee``. The rules and the flow live in the referee and
the engine; each game's commands live in its own package (``cogs/<game>/commands.py``), which
registers a ``GameCommands`` (``cogs.play.registry``) and adds its slash group. The modules, each
importing only those above it:

- ``topics``: rules topics, looked up by name or keyword;
- ``registry``: what a game's commands are (``GameCommands``), registered by each game;
- ``groups``: adding and removing a game's slash group;
- ``help``: the help and rules commands of every game;
- ``texts``: what a step's public message says (narration, who decides next, the result);
- ``context``: the play cog, the match channel and the channel's match of an interaction;
- ``messages``: the one public message after each step, and the full-time report;
- ``buttons``: the choice buttons, select menus and turn-timeout buttons, and the step they and
  the commands take (``act_and_post``);
- ``autocomplete``: the legal choices offered while typing;
- ``challenges``: challenges, their buttons, and starting a match;
- ``commands``: challenge, accept, decline, board, status, log, undo, resign and abort;
- ``cog``: the play cog (``MatchPlay``), turn deadlines, lapsed challenges;
- ``lifecycle``: what happens to a match when its channel goes away.
"""

# Banneret's own words in English: replies, refusals, buttons and command help that
# every game system shares. Each system's words are in <system>.ftl beside this file.
#
# Values arrive as { $name }. A seat, a step or another name the catalogue gives
# arrives already worded; its attributes arrive too, as { $seat_the }, { $seat_of }...
# (see docs/languages.md). CAP($value) starts a sentence with a capital
# letter. Booleans arrive as "true" or "false".

number = { $n }
# A long text a player typed, quoted only in part.
text-abridged = { $start }… ({ $count } characters)
seat-referee = the referee

## Refusals every system shares (the rules engine's skeleton)

refusal-game-over = The game is over; no more actions are accepted.
refusal-not-your-turn = It is { $seat }'s turn ({ $step }); please wait for them.
refusal-wrong-step = The game is at the { $step } step, where { $action } does not belong. Open now: { $open }.
refusal-unknown-action = There is no action called { $action } in this game.

## Commands that could not be read

input-invalid = `{ $field }` is not valid here.
input-value-error = `{ $field }`: { $error }
input-missing = `{ $field }` is missing.
input-extra-forbidden = `{ $field }` is not an option of this action.
input-int-parsing = `{ $field }` must be a whole number.
input-int-type = `{ $field }` must be a whole number.
input-int-from-float = `{ $field }` must be a whole number.
input-float-parsing = `{ $field }` must be a number.
input-float-type = `{ $field }` must be a number.
input-bool-parsing = `{ $field }` must be true or false.
input-bool-type = `{ $field }` must be true or false.
input-string-type = `{ $field }` must be text.
input-greater-than-equal = `{ $field }` must be at least { $ge }.
input-greater-than = `{ $field }` must be more than { $gt }.
input-less-than-equal = `{ $field }` must be at most { $le }.
input-less-than = `{ $field }` must be less than { $lt }.
input-number-range = `{ $field }` must be between { $low } and { $high }.
input-string-too-short = `{ $field }` needs at least { $min_length ->
        [one] one character
       *[other] { $min_length } characters
    }.
input-string-too-long = `{ $field }` may have at most { $max_length } characters.
input-too-short = `{ $field }` needs at least { $min_length ->
        [one] one entry
       *[other] { $min_length } entries
    }.
input-too-long = `{ $field }` may have at most { $max_length } entries.
input-literal-error = `{ $field }` must be one of: { $expected }.
input-enum = `{ $field }` must be one of: { $expected }.
input-union-tag-invalid = There is no action called { $tag } in this game.
input-union-tag-not-found = The action has no type.
input-several = { $problems }
input-unbalanced-quotes = A quotation mark is not closed.
input-not-name-value = `{ $word }` should be written as name:value.
input-no-such-command = There is no command `/{ $command }`.{ $near ->
        [none] {""}
       *[other] { " " }Try: { $near }.
    }
input-no-such-option = /{ $command } has no option `{ $option }`; it takes { $expected }.
input-no-options = no options
input-needs = /{ $command } needs { $missing }.
input-one-of = `{ $option }` must be one of: { $choices }.
input-no-such-button = There is no button { $button } on the last reply.
input-unknown-button = That button is not one of Banneret's.
input-name-an-action = Name an action, for example `{ $example }`.
input-not-an-action = `{ $name }` is not a { $group } action; try one of: { $choices }.

## Errors a player can fix

error-no-game = There is no game in this channel. Start one with `/game new`.
error-game-finished = This channel's game is over: { $result } `/game export` downloads its record, and `/game new` starts another game here.
error-game-exists = This channel already has a game ({ $system }, { $status }). Finish it with `/game resign` or `/game end`, or start a new one in a thread.
error-not-seated = You are not playing in this game. Spectators can use `/game status` and `/rules`.
error-not-your-turn = It is not your turn: waiting for { $seat } ({ $step }).
error-game-not-started = The game has not started yet: waiting for { $seats } to join.
error-game-over = This game is over. You can still use `/game status`, `/game log`, `/game export` and `/game verify`.
error-referee-only = Only the game's creator or a channel moderator may do that.
error-seat-taken = The { $seat } seat is already taken.
error-no-free-seat = There is no free seat in this game.
error-invited-other = The { $seat } seat is held for someone else.
error-already-seated = You already play { $seat } in this game.
error-unknown-system = There is no game system called `{ $system }`. Try one of: { $choices }.
error-unknown-scenario = There is no { $system } scenario called `{ $scenario }`. Try one of: { $choices }.
error-unknown-seat = There is no seat called `{ $seat }`. The seats are: { $choices }.
error-bad-input = That command could not be read: { $problem }
error-stale = That button belongs to an older position of the game (it has moved on since). Nothing was applied: use the newest message.
error-nothing-to-undo = There is nothing you can take back.
error-no-undo-request = There is no undo request to answer.
error-own-undo-request = You cannot answer your own undo request; your opponent must.
error-internal = Something went wrong on our side, and your action was not applied. The error has been logged (game { $game }, reference { $ref }).
error-unknown-rule = There is no rule with the id `{ $rule }`. Use `/rules search` to find one.
error-file-too-large = `{ $name }` is { $kib } KiB; files up to { $limit } KiB are read. Nothing was changed.
error-file-not-text = `{ $name }` is not a text file (UTF-8). Send the roster as plain TOML text; nothing was changed.
error-file-missing = There is no file `{ $name }` to read.
error-no-claim = That claim has already been settled, or there is no such claim.
error-not-claim-subject = Only { $subject }, or a referee who plays no seat, can settle this claim.
error-adjust-referee = In this game only a referee who plays no seat makes adjustments. Ask a moderator.
error-reports-referee = In this game only a referee reports what happens to the units of { $subject }. Report your own units, or ask a moderator.
error-setting-refused = You may not change `{ $option }` now. { $why } It may be changed by { $who }.
setting-why-open = The game is waiting for players, and its creator sets it up.
setting-why-seated = Players have sat down under these settings.
setting-why-started = The game is under way: a player changes nothing that binds the other side without its agreement.
setting-why-league = This is a league fixture: its time control and reminders are the league's.
setting-why-ended = The game is over, and its record no longer changes.
setting-why-league-open = The league has not started, and its referee sets it up.
setting-why-league-running = The league is under way: the format and the points players joined under stay as they are.
setting-why-league-finished = The league is over, and its results no longer change.
setting-role-moderator = a moderator
setting-role-player = a player
setting-role-player-agreed = a player with the other side's agreement
setting-role-league-referee = the league's referee
setting-role-creator = the game's creator
setting-role-referee = the game's creator, if not playing
setting-role-other = anyone
setting-role-nobody = nobody
setting-who = { $options }: may be changed now by { $who }.
error-guild-only = Banneret runs games in server channels and threads; use its commands there.
error-bot-opponent = { $user } is a bot and cannot play; invite a person.

## Rulings and rule references

rule-ruling-private = That would reveal what { $seat } holds in hand, so only { $seat } may ask for this ruling.
rule-refused = Not allowed: { $reason }
rule-ruling-legal = Legal: { $action } may be done now.
rule-ruling-illegal = Not legal: { $reason }
rule-rule-line = Rule `{ $id }` — { $title }
rules-found = { $count ->
        [one] One rule matches `{ $query }`.
       *[other] { $count } rules match `{ $query }`.
    }
rules-none = No rule matches `{ $query }`.
rules-answer = You asked: “{ $question }”
rules-game-name = { $system ->
        [samurai] Samurai Battles
        [bushido] Bushido
        [wh40k] Warhammer 40,000
        [fantasy_warriors] Fantasy Warriors
       *[other] { $system }
    }
rules-answered-from = Your question is in { $system } terms, not those of this channel's game ({ $channel }): here is the { $system } rule.
rules-also-in = Your question also uses { $system } terms. The closest { $system } rule:
rules-did-you-mean = Did you mean one of these?
rules-line = `{ $id }` — { $title }
rules-show = `{ $id }` — **{ $title }**
rules-source = Source: { $source ->
        [seed] restates the rules excerpt `{ $origin }`.
        [published] a published game fact, in our own words.
        [house] a house rule: Banneret's choice where nothing published decides.
       *[banneret] how Banneret runs games.
    }

## Games

game-created = New { $system } game: **{ $scenario }**. { $creator } plays { $seat }.
game-invited = { $user } is invited to play { $seat }: accept with the button or `/game join`.
game-open-seat = The { $seat } seat is open: join with `/game join`.
game-joined = { $user } joins as { $seat }. The game begins!
game-seed-published = Dice seed fingerprint (SHA-256): `{ $hash }`. The seed is revealed when the game ends, so anyone can re-derive every roll.
game-seed-revealed = The dice seed was `{ $seed }`; check every roll with `banneret verify`.
game-turn = { $seat } to act: { $hint }
game-winner = **{ $seat } wins** — { $reason }
game-draw = **A draw** — { $reason }
game-ended-without-winner = The game was ended without a winner.
result-resigned = { $seat } resigned.
result-ended = { $user } ended the game.
game-resigned = { $seat } resigns.
game-ended = The game was ended by { $user }.
# $what is worded events, each already ending with its own full stop.
game-undone = { $seat } takes back: { $what }
game-undo-requested = { $seat } asks to take back their last action ({ $what }). { $other }, do you agree?
game-undo-refused = { $seat } refuses the undo. The game goes on.
game-undo-agreed = { $seat } agrees. The last action is taken back.
game-status-title = { $system }: { $scenario }
game-log-empty = Nothing has happened yet.
game-log-line = #{ $seq } { $seat }: { $what }
game-log-join = { $seat } takes a seat.
game-log-resign = { $seat } resigns.
game-log-end = The game was ended by { $user }.
game-log-substitute = { $user } takes over { $seat } from { $out } (a league substitute): the moves from here are theirs.
game-log-line-referee = #{ $seq } { $what }
game-log-undo = An action is taken back.
turn-recap = Since your last turn:
turn-recap-more = …and { $count } more: see the previous message or `/game log`.
game-log-undo-request = { $seat } asks to take back an action.
game-log-undo-refused = The undo is refused.
game-log-claim-agreed = The claim is agreed to.
game-log-claim-disputed = The claim is disputed.
game-log-claim-withdrawn = The claim is withdrawn.
game-log-claim-lapsed = The claim lapses.
game-footer = game { $game } · position { $version }
game-seats = { $seats }
game-seat-holder = { $seat }: { $user }
game-seat-free = { $seat }: —
game-verify-ok = Game { $game }: consistent — { $actions ->
        [one] its one action replays
       *[other] { $actions } actions replay
    } exactly to the stored position.
game-verify-bad = Game { $game }: NOT consistent — { $problem }
verify-engine = { $recorded ->
        [none] {""}
       *[other] { " " }(recorded with engine { $recorded }, replayed with { $replayed })
    }
verify-seed-mismatch = the seed does not match the fingerprint published when the game began
verify-action-refused = logged action #{ $seq } is now refused by rule { $rule }{ verify-engine }
verify-action-unreadable = logged action #{ $seq } can no longer be read{ verify-engine }
verify-entry-wrong = log entry #{ $seq } { $what ->
    [gap] is missing (the log skips a number, or was cut)
    [creator] should be the creator taking a seat
    [seat] names a seat that does not fit (taken, unknown, or not the action's)
    [claim] answers a claim that is not open
    [actor] was made by someone who could not make it then (no seat of theirs, or not the one it names)
    [time] has a time out of order (before the entry before it, before the game began, or after its last change)
    [events] carries events, which that kind of entry never has
    [irreversible] is marked irreversible (or not) unlike the events it replays to
    [undo] takes back an action that was not the last one standing
   *[other] is wrong
}
verify-fact-differs = the game's { $fact ->
    [creator] creator
    [seats] seats
    [status] status
    [winner] winner
    [result] result
    [version] version
    [seed_revealed] revealed seed
    [pending] open requests
   *[other] record
} is not what its log gives
verify-crashed = the stored game could not be read ({ $detail })
verify-malformed-record = the record is not complete or not well formed ({ $detail })
verify-digest-differs = the record's digest does not match its log (it was cut, reordered or edited)
verify-events-differ = action #{ $seq } gives different events on replay{ verify-engine }
verify-position-differs = the stored position differs from the replayed one{ verify-engine }
verify-no-game = there is no game { $game }
verify-not-a-record = this is not a { $format } record
verify-no-system = there is no game system called { $system } here
game-verify-pending-seed = Game { $game }: the seed is not revealed yet, so the rolls can be checked once the game ends.
game-settings = Settings: language { $language }, time control { $deadline }, reports about the other side's units: { $reports }, a referee who does not play sees: { $referee }.
game-reports-trust = trusted
game-reports-confirm = need that side's agreement
game-reports-referee = a referee's only
game-referee-sees-public = the public position only
game-referee-sees-everything = every seat's hidden information
game-no-deadline = none
game-exported = The game record is attached. Its digest is `{ $digest }`: a copy with another digest is not this record.
game-nobody = nobody
game-time-control = { $control } (reminders { $points } before)
game-no-reminders = none
clock-left = { $seat } ({ $user }) to act — { $left } left
clock-paused = { $seat } ({ $user }) to act — on holiday for { $pause } more, then { $left } left
clock-out = { $seat } ({ $user }) to act — out of time
clock-span-days = { $days } d { $hours } h
clock-span-hours = { $hours } h { $minutes } min
clock-span-minutes = { $minutes } min
clock-reminder = ⏰ { $user }, { $seat } has { $left } left to act.
clock-reminder-dm = ⏰ { $user }, { $seat } has { $left } left to act in your { $system } game in { $channel }.
clock-out-of-time-remind = ⌛ { $user }, { $seat } is out of time. The game goes on: please act as soon as you can.
clock-out-of-time-claim = ⌛ { $seat } ({ $user }) is out of time. { $other }, you may claim the win with the button below, or play on.
clock-out-of-time-forfeit = ⌛ { $seat } ({ $user }) ran out of time and loses the game.
result-out-of-time = { $seat } ran out of time.
clock-claimed = { $seat } claims the win: { $loser } ran out of time.
clock-extended = { $user } gives { $seat } { $hours } h more.
clock-holiday = { $seat } is on holiday for { $hours } h: the clock is paused until then ({ $left } of the holiday allowance left).
clock-reminders-dm = Your turn reminders will come by direct message, in every game.
clock-reminders-channel = Your turn reminders will be posted in each game's channel.
button-claim-win = Claim the win
game-log-time-expired = { $seat } is out of time ({ $policy ->
        [claim] the opponent may claim the win
       *[other] the game goes on
    }).
game-log-out-of-time = { $seat } ran out of time and loses ({ $policy ->
        [claim] the win was claimed
       *[other] forfeit
    }).
game-log-extend = { $user } gives { $seat } { $hours } h more.
game-log-holiday = { $seat } takes a holiday of { $hours } h.
game-log-settings = { $user } changes the settings{ $agreed ->
    [true] , as the other side agreed
   *[false] {""}
}: { $changes }.
error-no-clock = This game has no time control running. `/game settings time:` sets one, e.g. `48h` or `3d+1d/7d`.
remind-bad = “{ $value }” is not a list of reminder points. Type up to five times before the deadline, separated by commas, such as `24h,1h` or `2d,12h,30m`, or `none` for no reminders.
error-extend-own-clock = You cannot give yourself more time while it is your turn: ask a moderator, or take a holiday if the game allows one (`/game holiday`).
error-holiday-too-long = A holiday of { $hours } h is more than you have left: { $left } of the { $allowance } this game allows.
error-clock-expired = Your time has already run out, so a holiday can no longer pause it. Ask the game's creator or a moderator for more time (`/game extend`).
error-not-out-of-time = { $seat } is not out of time any more: they acted, or their time was extended. The game goes on.
error-not-time-claimant = Only the opponent of { $seat } may claim this win.

language-en = English
language-pt-br = Brazilian Portuguese

## What only you can see

hand-nothing-hidden = Nothing in this game is hidden: `/game status` shows everything both sides know.
hand-title = Only you can see this:
hand-referee-title = What every seat hides (you referee this game without playing)
hand-empty = Your hand is empty.
hand-seat-line = { $seat }: { $line }

## Claims about the other side's units

claim-made = { $kind ->
    [settings] { CAP($seat) } asks to change the settings: { $what }. It happens once { $other } agrees.
    [consent] { CAP($seat) } asks: { $what } It happens once { $other } agrees.
   *[report] { CAP($seat) } reports: { $what } This concerns the units of { $subject }, so it counts once { $other } agrees.
}
claim-logged = claims: { $what }
claim-agreed = { CAP($seat) } agrees with the { $kind ->
    [settings] change of settings
    [consent] request
   *[report] report
} of { $claimant }.
claim-disputed = { CAP($seat) } { $kind ->
    [settings] turns down the change of settings
    [consent] turns down the request
   *[report] disputes the report
} of { $claimant }, so nothing changes. Settle it at the table, or ask a moderator to decide.
claim-withdrawn = { CAP($seat) } withdraws the { $kind ->
    [settings] change of settings
    [consent] request
   *[report] report
}; nothing changes.
claim-lapsed = The { $kind ->
    [settings] change of settings
    [consent] request
   *[report] report
} of { $claimant } can no longer be applied, so it lapses: { $reason }
claim-waiting = Awaiting { $subject }: { $seat } { $kind ->
    [settings] asks to change the settings:
    [consent] asks
   *[report] reports
} { $what } (claim { $seq })

## Buttons

button-accept = Accept the invitation
button-join = Join as { $seat }
button-agree-undo = Agree to undo
button-refuse-undo = Refuse
button-agree-claim = Agree
button-dispute-claim = Dispute
button-details = Position in words
button-rule = Rule: { $title }
game-details-more = ({ $count ->
    [one] one more line is
   *[other] { $count } more lines are
} left out; `/game export` has the whole position)

## Leagues

league-created = League **{ $name }** created. Add a game to it from its channel or thread with `/league add`.
league-exists = This server already has a league called { $name }.
league-bad-name = A league name needs 1 to { $most } characters.
time-control-bad = “{ $value }” is not a time control. Type `none`, a deadline per turn such as `48h`, or a clock such as `3d+1d/7d` (start with 3 days, gain 1 per turn, hold at most 7); add `remind`, `claim` or `forfeit` for what happens when time runs out, e.g. `48h claim`.
league-unknown = There is no league called { $name } in this server. `/league create` makes one.
league-not-allowed = Only the game's players, its creator, the league's creator or a moderator may add this game to a league.
league-added = Game { $game } now counts in the league **{ $name }**.
league-turns-title = { $name }: { $count ->
        [one] one game in progress
       *[other] { $count } games in progress
    }
league-turn-line = { $where } { $system }: { $seat } ({ $user }) to act, waiting { $age }
league-turn-open = { $where } game { $game }: waiting for players to join
league-no-games = No game of this league is in progress.
league-no-results = No game of this league has finished yet.
league-no-players = Nobody has joined this league yet.
league-season-created = League **{ $name }** created, refereed by { $user }. Players join with `/league join`; the referee starts it with `/league start`.
league-settings-game = Game: { $system }, { $scenario } · { $format }
league-format-swiss = Swiss, { $rounds ->
        [none] as many rounds as the player count needs
       *[other] { $rounds } rounds
    }
league-format-knockout = knockout: single elimination, seeds kept apart, byes for the top seeds; a level match gets a deciding game
league-format-round-robin = round-robin, { $legs ->
        [1] each pair meets once
       *[other] each pair meets twice (home and away)
    }
league-settings-points = Points: { $win } a win, { $draw } a draw, { $loss } a loss · tie-breaks: { $tiebreaks }
league-settings-shown = **{ $name }**:
league-settings-changed = **{ $name }** changes { $changes }. Games already started keep their time control; its referee or a moderator can change one with `/game settings` in its thread.
league-settings-time = Time control: { $time ->
        [none] none (no clock)
       *[other] { $time }
    } · a report confirms itself after { $confirm } h · holidays: { $holiday } days per player
league-tiebreak-score-diff = score difference
league-tiebreak-head-to-head = head-to-head
league-tiebreak-sos = strength of schedule
league-tiebreak-wins = wins
league-tiebreak-owp = opponents' win rate
league-setting-needs-system = scenario, format, rounds, legs, time and tie-breaks set up a season: name its game with `system:` too.
league-setting-one-of = `{ $option }:` takes { $choices }.
league-setting-format-only = `{ $option }:` is a setting of { $formats } leagues (`format:`).
league-setting-top = `top:` takes 2 to { $most } players.
league-setting-top-needs-source = `top:` counts the players of another league: name it with `from_league:`.
league-setting-source-system = **{ $name }** is a league of another game system: a knockout takes its players from a league of its own system.
league-setting-games = `games:` takes 1 to { $most } games per match.
league-setting-cc-two-games = `match_scoring:cc` is the table of two-game matches: set `games:2` with it.
league-setting-tiebreaks = `tiebreaks:` takes names from { $names }, each at most once, in the order they apply (for example `sos,owp,head_to_head`).
league-setting-rounds = `rounds:` is for Swiss leagues, from 1 to 20.
league-setting-legs = `legs:` is for round-robin leagues: 1 (each pair meets once) or 2 (home and away).
league-setting-points = the points must go { $most } ≥ win ≥ draw ≥ loss ≥ 0.
league-setting-confirm = `confirm_hours:` goes from 1 to 336 (two weeks).
league-setting-holiday = `holiday_days:` goes from 0 to 60.
league-bad-setting = That league cannot be made so: { $problem }
league-no-season = **{ $name }** only tracks games added to it: it has no game system, so no players or fixtures. A league made with `system:` runs a season.
league-started = **{ $name }** has already started: players join and leave only before the start.
league-not-started = **{ $name }** has not started yet: its referee starts it with `/league start`.
league-already-in = You are already a player of **{ $name }**.
league-not-in = { $user } is not a player of **{ $name }**.
league-referee-only = Only the league's creator ({ $user }) or a server moderator may do that.
league-too-few = **{ $name }** needs at least 2 players to start and has { $count }. Players join with `/league join`.
league-no-fixture = You have no fixture waiting to be played in **{ $name }** (against that opponent).
league-source-running = **{ $name }** has not finished yet: the knockout starts once its last fixture is settled.
league-which-fixture = You have fixtures waiting against { $choices }: name your opponent with `opponent:`.
league-unknown-fixture = There is no fixture #{ $id } in this league; `/league fixtures` lists them.
league-fixture-busy = Fixture #{ $id } is { $status ->
        [playing] being played in its thread
        [reported] waiting for the opponent to answer a report
        [disputed] disputed: the league's referee settles it
       *[other] not open
    }.
league-fixture-settled = Fixture #{ $id } is already settled.
league-fixture-unsettled = Fixture #{ $id } is not settled yet: `/league resolve` settles it.
league-amended = { $user } corrects fixture #{ $id }: { $after } (it was { $before }). Why: { $note }
league-added-late = { $user } joins **{ $name }** late and is paired from round { $round }{ $missed ->
        [0] {"."}
       *[other] ; { $late ->
            [bye] each round missed counts as a bye ({ $missed }).
           *[other] the rounds missed ({ $missed }) score nothing.
        }
    }
league-substituted = { $user } takes over from { $out } in **{ $name }**: { $fixtures ->
        [0] no fixture left to play
        [one] one fixture
       *[other] { $fixtures } fixtures
    }{ $games ->
        [0] {""}
        [one] , one game in progress
       *[other] , { $games } games in progress
    }. { $out }'s results so far stay theirs.
league-substitute-in = { $user } is already in **{ $name }**: a substitute comes from outside the league.
league-avoided = { $user } and { $other } will not meet in the first round of **{ $name }**.
league-swapped = { $user } swaps the opponents of fixtures #{ $id } and #{ $other } in **{ $name }**:
league-repaired = { $user } pairs round { $round } of **{ $name }** again:
league-swap-round = Fixtures #{ $id } and #{ $other } must be two fixtures of the same round.
league-repair-swiss-only = Only a Swiss league's round can be paired again: **{ $name }** follows its schedule.
league-late-swiss-only = A player can join **{ $name }** once it has started only if it is a Swiss league: a round robin's schedule is made for its players at the start.
league-not-opponent = Only { $user }, the opponent of the player who reported, may confirm or dispute this result.
league-bad-result = That result does not fit this league: { $form }
league-form-vp = give your victory points and your opponent's, as whole numbers from 0 to { $most }: `mine:` and `theirs:`.
league-form-banners = give your banners and your opponent's, as whole numbers from 0 to { $most }: `mine:` and `theirs:`.
league-form-result = give `result:` win, loss or draw (this game keeps no score, so no `mine:` or `theirs:`).
league-form-referee-vp = give both players' victory points, as whole numbers from 0 to { $most }: `home_score:` and `away_score:`.
league-form-referee-banners = give both players' banners, as whole numbers from 0 to { $most }: `home_score:` and `away_score:`.
league-form-referee = give `result:` home, away or draw (this game keeps no score).
league-wrong-channel = Fixtures of **{ $name }** are played from { $where }: use `/league play` there.
league-joined = { $user } joins **{ $name }** ({ $count ->
        [one] one player
       *[other] { $count } players
    } so far).
league-left = { $user } leaves **{ $name }**.
league-removed = { $user } is out of **{ $name }**{ $count ->
        [0] .
        [one] ; one unplayed fixture is cancelled.
       *[other] ; { $count } unplayed fixtures are cancelled.
    }
league-too-many = **{ $name }** is full: a { $format ->
        [swiss] Swiss league
       *[other] round-robin league
    } takes at most { $most } players{ $format ->
        [swiss] .
       *[other] {""} (each plays every other, so more would never finish); a Swiss league takes more.
    }
league-settings-withdrawal = If a player withdraws: { $given ->
        [walkover] their opponents win their unplayed fixtures by walkover
       *[other] their opponents get a bye for their unplayed fixtures
    } · at most { $most } players
league-settings-concession = A game conceded or lost on time scores { $given ->
        [played] as it stood when it ended
       *[other] the most the scenario allows for the winner, 0 for the loser
    }
league-settings-swiss = Swiss pairing: { $pairing ->
        [slide] top half of each score group against its bottom half, in order (1st v the first of the bottom half)
        [fold] top half of each score group against its bottom half, folded (1st v the last)
       *[other] neighbours in each score group (1st v 2nd)
    } · seeded { $seeding ->
        [random] in an order drawn for the league
        [rating] by the server's ratings (from the other leagues)
       *[other] in the order players joined
    }
league-settings-match = Each fixture is a match of { $games } games, sides swapped from one game to the next · { $scoring ->
        [cc] scored as Command & Colors tournaments: both games won 3, games split 2 for more banners over both and 1 for fewer, equal banners 1.5 each
       *[other] the player who wins more games wins the match (level: the higher total score; level again: a draw)
    }
league-settings-source = Players: { $top ->
        [all] everyone
       *[other] the top { $top }
    } of **{ $name }** when it has finished, seeded in its final order
league-player-withdrawn = { $user } (withdrawn)
league-name-withdrawn = { $name } (withdrawn)
league-fixture-bye-void = #{ $id } { $home }: a bye, void (never taken up)
league-fixture-given = #{ $id } { $home } v { $away }: { $given ->
        [walkover] { $winner } wins by walkover
       *[other] a bye for { $winner }
    } (the opponent withdrew)
league-rounds-later = Rounds { $first }–{ $last } are written as the rounds before them are played.
league-withdraw-preview = Take { $user } out of **{ $name }**? Nothing changes until you press Confirm. Their results so far stand; { $given ->
        [walkover] their opponents win their unplayed fixtures by walkover
       *[other] their opponents get a bye for their unplayed fixtures
    } (the league's `withdrawal:` setting):
league-drop-preview = Drop out of **{ $name }**? Nothing changes until you press Confirm. Your results so far stand, you are paired no more, and { $given ->
        [walkover] your opponents win your unplayed fixtures by walkover
       *[other] your opponents get a bye for your unplayed fixtures
    } (the league's `withdrawal:` setting):
league-withdraw-void = #{ $id } round { $round }: { $user }'s bye is void (never taken up).
league-withdraw-given = #{ $id } round { $round }: { $opponent } { $given ->
        [walkover] wins by walkover
       *[other] gets a bye
    } instead of playing { $user }.
league-withdraw-playing = #{ $id } round { $round }: the game against { $opponent } is in progress; it counts when it ends, or when the referee settles it.
league-withdraw-later = Rounds { $first }–{ $last } are not written yet: there too { $user }'s byes are void and { $given ->
        [walkover] their opponents win by walkover.
       *[other] their opponents get a bye.
    }
league-withdraw-nothing = No fixture of theirs is left to play.
league-withdraw-cancelled = { $user } stays in **{ $name }**: nothing changed.
league-withdrawn = { $user } is out of **{ $name }**: { $given ->
        [0] no unplayed fixture
        [one] one unplayed fixture
       *[other] { $given } unplayed fixtures
    }{ $given ->
        [0] {""}
       *[other] {" "}{ $kind ->
            [walkover] won by their opponents by walkover
           *[other] given to their opponents as byes
        }
    }, { $void ->
        [0] no bye void
        [one] one bye void
       *[other] { $void } byes void
    }.
league-started-text = **{ $name }** starts: { $count } players, { $rounds ->
        [one] one round
       *[other] { $rounds } rounds
    } ({ $format ->
        [swiss] Swiss: each round is paired when the one before it is complete
        [knockout] knockout: the winners of each round meet in the next
       *[other] round-robin
    }).
league-round = **Round { $round }**
league-bracket-title = **{ $name }**: the bracket
league-bracket-subtitle = Knockout of { $count } · { $games ->
        [1] one game a match
       *[other] { $games } games a match, sides swapped
    }
league-bracket-round = { $left ->
        [0] Final
        [1] Semi-finals
        [2] Quarter-finals
       *[other] Round { $round }
    }
league-bracket-bye = { $user }: a bye into the next round
league-bracket-bye-box = (bye)
league-bracket-match = { $upper } v { $lower }: { $upper_won }–{ $lower_won } in games{ $winner ->
        [none] {""}
       *[other] , { $winner } goes through
    }
league-bracket-champion = Champion: { $user }
league-bracket-champion-plain = Champion: { $name }
league-decider = A match of round { $round } is level on games and on the total score: one deciding game between the two, the upper one at home:
league-info = **{ $name }**, refereed by { $referee }: { $status ->
        [open] open for players to join
        [running] running
       *[other] finished
    } · { $count ->
        [one] one player
       *[other] { $count } players
    }{ $status ->
        [open] {""}
       *[other] {" "}· { $rounds ->
            [none] { $done } rounds complete
           *[other] { $done } of { $rounds } rounds complete
        }
    }
league-not-knockout = **{ $name }** is not a knockout: `/league standings` shows its table.
league-fixture-bye = #{ $id } { $home }: a bye (counts as a win)
league-fixture-done = #{ $id } { $home } v { $away }: { $winner ->
        [none] a draw
       *[other] { $winner } won
    }{ $score ->
        [none] {""}
       *[other] , { $score }
    }
league-fixture-open = #{ $id } { $home } v { $away }: { $status ->
        [playing] being played{ $where ->
            [none] {""}
           *[other] {" "}in { $where }
        }
        [reported] reported, waiting for confirmation
        [disputed] disputed, waiting for the referee
        [void] cancelled
       *[other] to be played
    }
league-fixtures-title = { $name }: fixtures
league-standings-title = { $name }: standings{ $round ->
        [0] {""}
       *[other] {" "}after round { $round }
    }
league-standings-line = { $rank }. { $user }: { $points } pts · { $won } W { $drawn } D { $lost } L{ $diff ->
        [none] {""}
       *[other] {" "}· { $diff }
    }{ $turn ->
        [none] {""}
       *[other] {" "}· { $turn } a turn
    }
league-col-rank = #
league-col-player = Player
league-col-points = Pts
league-col-played = P
league-col-won = W
league-col-drawn = D
league-col-lost = L
league-col-diff = +/−
league-col-sos = SOS
league-col-turn = Per turn
league-picture-title = { $name } — standings
league-picture-subtitle = { $round ->
        [0] { $rounds } rounds
       *[other] After round { $round } of { $rounds }
    } · { $system }
league-picture-footer = Tie-breaks: { $tiebreaks }
league-picture-more = and { $count } more
league-exported = **{ $name }**: fixtures and standings as CSV files, and everything as JSON.
league-ratings-title = { $system }: ratings from { $count ->
        [one] one result
       *[other] { $count } results
    } in this server's leagues
league-ratings-line = { $rank }. { $user }: { $rating } ({ $games ->
        [one] one game
       *[other] { $games } games
    })
league-thread-name = Round { $round }: { $home } v { $away }
league-play-opening = Fixture #{ $id } (round { $round }): { $home } v { $away }. Its game starts in a new thread.
league-game-started = **{ $name }**, round { $round }: { $system }, { $scenario }. The result counts in the league when the game ends.
league-game-seat = { $seat }: { $user }
league-score-vp = VP
league-score-banners = banners
league-result = { $home } v { $away }: { $winner ->
        [none] a draw
       *[other] { $winner } wins
    }{ $score ->
        [none] {""}
       *[other] , { $score } { $unit }
    }
league-reported = { $user } reports fixture #{ $id }: { $result }. { $other }, confirm or dispute it; unanswered, it confirms itself in { $hours } hours.
button-league-confirm = Confirm
button-league-uphold = Uphold the report
button-league-withdraw-confirm = Confirm the removal
button-league-withdraw-cancel = Cancel
button-league-drop-confirm = Confirm: drop out
button-league-dispute = Dispute
league-confirmed = { $user } confirms fixture #{ $id }: { $result }.
league-disputed = { $user } disputes fixture #{ $id } ({ $result }). { $referee } or a moderator settles it: **Uphold the report** as it stands, or decide otherwise with `/league resolve fixture:{ $id }`.
league-resolved = { $user } settles fixture #{ $id }: { $result }.
league-auto-confirmed = Fixture #{ $id } is confirmed after { $hours } hours without an answer: { $result }.
league-new-round = **Round { $round }** is paired:
league-no-thread = Discord would not let me open a thread here: I need the permission to create public threads in this channel. Nothing was started; try again once it is given.
league-finished = **{ $name }** is complete: every fixture is settled.

## Command help: /game, /rules, /league

command-game = Play a game here
command-game-new = Start a game in this channel (one per channel; use a thread for another)
command-game-new-system = The game system
command-game-new-scenario = The scenario (its starting position)
command-game-new-opponent = Invite someone to play the other side (yourself for a solo game)
command-game-new-seat = The side you play (default: the first)
command-game-new-language = Language of the bot's replies in this game
command-game-join = Take a free seat, or the one you were invited to
command-game-join-seat = The seat to take
command-game-status = Show the board, whose turn it is and the position in words
command-game-hand = Show, privately, what only you may see (cards, hidden pieces, sealed orders)
command-game-log = Show the latest entries of the game log
command-game-log-last = How many entries (default 20)
command-game-undo = Take back your last action (or ask your opponent to agree)
command-game-answer = Agree to or refuse your opponent's undo request
command-game-answer-agree = `true` to agree, `false` to refuse
command-game-resign = Concede the game
command-game-end = End the game without a winner (creator or moderator)
command-game-export = Download the game record as JSON
command-game-verify = Replay the game from its log and check every roll
command-game-settings = Show or change the language, time control, reminders, report trust and what referees see
command-game-settings-language = Language of the bot's replies
command-game-settings-deadline_hours = Shorthand for `time:`: hours a player has for a turn, with reminders (0: none)
command-game-settings-reports = Reports about the other side's units: trust, confirm (agreement) or referee
command-game-settings-referee_sees = What a referee who does not play may see: public, or everything hidden
command-game-new-time = Time control: `none`, `48h` per turn, or a clock `3d+1d/7d`; add `remind`, `claim` or `forfeit`
command-game-settings-time = Time control: `none`, `48h` per turn, or a clock `3d+1d/7d`; add `remind`, `claim` or `forfeit`
command-game-settings-remind = When to remind the player to act, before the deadline: e.g. `24h,1h` (or `none`)
command-game-extend = Give the player to act more time (creator or moderator)
command-game-extend-hours = Hours to add to the deadline
command-game-holiday = Pause your own clock for a holiday, within the game's allowance
command-game-holiday-hours = Hours of holiday
command-game-reminders = Choose where your turn reminders go: the game's channel or a direct message
command-game-reminders-dm = `true` for direct messages, `false` for the game's channel
command-rules = Look up the rules and get rulings
command-rules-ask = Ask a rules question in your own words
command-rules-ask-question = Your question, e.g. can my leader split off with this card?
command-rules-ask-system = Which game (default: this channel's game, or the one your question names)
command-rules-ask-public = Show the answer to the whole channel
command-rules-search = Find rules by keywords or a question
command-rules-search-keyword = Words or a question, e.g. battleshock below half
command-rules-search-system = Only this game system
command-rules-search-public = Show the answer to the whole channel
command-rules-show = Show one rule in full
command-rules-show-rule = The rule id, e.g. samurai/leader-split-needs-helmet
command-rules-ruling = Judge an action against this channel's game without applying it
command-rules-ruling-action = The action as you would type it, e.g. order pieces:L1
command-rules-ruling-seat = Judge it for this side (default: yours, or the side to act)
command-league = Leagues: seasons, fixtures, results and standings
command-league-create = Create a league; with a game system it runs a season of fixtures
command-league-create-name = The league's name
command-league-create-system = The game system its fixtures are played in
command-league-create-scenario = The scenario its games use (default: the system's first)
command-league-create-format = round-robin (everyone meets everyone) or swiss (paired round by round)
command-league-create-rounds = Swiss: how many rounds (default: enough for the player count)
command-league-create-legs = Round-robin: 1, or 2 to meet home and away
command-league-create-time = Time control of its games, e.g. 48h forfeit or 3d+1d/7d (default none)
command-league-create-win = Points for a win (default 3)
command-league-create-draw = Points for a draw (default 1)
command-league-create-loss = Points for a loss (default 0)
command-league-create-tiebreaks = Tie-breaks in order: score_diff, head_to_head, sos, owp, wins
command-league-create-confirm_hours = Hours after which an unanswered report confirms itself (default 48)
command-league-create-holiday_days = Days each player may pause their clock in its games (default 0)
command-league-create-withdrawal = What a withdrawn player's opponents get: bye or walkover (default bye)
command-league-create-concession = Conceded or timed-out games: max (winner gets the most, loser 0) or played; default max
command-league-create-pairing = Swiss: pair score groups as adjacent, slide or fold (default adjacent)
command-league-create-seeding = Swiss: seed players by joined, random or rating (default joined)
command-league-create-late = Swiss: rounds a late entrant missed count as loss or bye (default loss)
command-league-create-games = Games per fixture (a match, sides swapped each game; default 1)
command-league-create-match_scoring = How a match scores: wins or cc (3/2/1.5/1/0 by banners)
command-league-create-from_league = Knockout: take the players from this finished league (its top ones)
command-league-create-top = Knockout: how many of that league's top players enter
command-league-settings = Show a league's settings and who may change them, or change them (its referee or a moderator)
command-league-settings-league = The league
command-league-settings-scenario = The scenario its games use (before the start)
command-league-settings-format = round-robin or swiss (before the start)
command-league-settings-rounds = Swiss: how many rounds (before the start)
command-league-settings-legs = Round-robin: 1, or 2 to meet home and away (before the start)
command-league-settings-time = Time control of the games it starts from now on, e.g. 48h forfeit
command-league-settings-win = Points for a win (before the start)
command-league-settings-draw = Points for a draw (before the start)
command-league-settings-loss = Points for a loss (before the start)
command-league-settings-tiebreaks = Tie-breaks in order, from score_diff head_to_head sos owp wins (before the start)
command-league-settings-confirm_hours = Hours after which an unanswered report confirms itself
command-league-settings-holiday_days = Days each player may pause their clock in the games it starts from now on
command-league-settings-withdrawal = What a withdrawn player's opponents get: bye or walkover (before the start)
command-league-settings-concession = Conceded or timed-out games: max or played (before the start)
command-league-settings-pairing = Swiss: adjacent, slide or fold (before the start)
command-league-settings-seeding = Swiss: joined, random or rating (before the start)
command-league-settings-late = Swiss: loss or bye for a late entrant's missed rounds
command-league-settings-games = Games per fixture (before the start)
command-league-settings-match_scoring = wins or cc (before the start)
command-league-join = Join a league before it starts
command-league-join-league = The league's name
command-league-leave = Leave a league before it starts
command-league-leave-league = The league's name
command-league-start = Start a league and pair its fixtures (its creator or a moderator)
command-league-start-league = The league's name
command-league-remove = Take a player out of a league (its creator or a moderator)
command-league-remove-league = The league's name
command-league-remove-player = The player to take out
command-league-drop = Drop out of a league yourself (a confirmation first once it has started)
command-league-drop-league = The league's name
command-league-bracket = Show a knockout league's bracket, with a picture
command-league-bracket-league = The league's name
command-league-play = Open a thread for one of your fixtures and start its game there
command-league-play-league = The league's name
command-league-play-opponent = Your opponent (needed when several fixtures wait)
command-league-report = Report a fixture you played at a table; your opponent confirms it
command-league-report-league = The league's name
command-league-report-opponent = Your opponent (needed when several fixtures wait)
command-league-report-result = win, loss or draw (games that keep no score)
command-league-report-mine = Your score: VP (Warhammer 40,000) or banners (Samurai Battles)
command-league-report-theirs = Your opponent's score
command-league-report-fixture = The fixture's number (from `/league fixtures`), instead of the opponent
command-league-resolve = Settle a fixture as the league's referee
command-league-resolve-league = The league's name
command-league-resolve-fixture = The fixture's number (see /league fixtures)
command-league-resolve-result = home, away or draw (games that keep no score)
command-league-resolve-home_score = The home player's score (VP or banners)
command-league-resolve-away_score = The away player's score (VP or banners)
command-league-amend = Correct a settled result, with a note (the league's referee)
command-league-amend-league = The league's name
command-league-amend-fixture = The fixture's number
command-league-amend-note = Why the result changes (kept with the fixture)
command-league-amend-result = The result: home, away or draw (systems without a score)
command-league-amend-home_score = The home player's score
command-league-amend-away_score = The away player's score
command-league-enter = Enter a late entrant in a running Swiss league (its referee)
command-league-enter-league = The league's name
command-league-enter-player = The player to enter
command-league-substitute = Give a player's seat and unplayed fixtures to a substitute (the referee)
command-league-substitute-league = The league's name
command-league-substitute-player = The player who leaves
command-league-substitute-by = The substitute who takes over
command-league-avoid = Keep two players apart in a Swiss league's first round (before the start)
command-league-avoid-league = The league's name
command-league-avoid-player = One player
command-league-avoid-other = The other player
command-league-swap = Swap the opponents of two fixtures of a round not yet played (the referee)
command-league-swap-league = The league's name
command-league-swap-fixture = One fixture's number
command-league-swap-other = The other fixture's number
command-league-repair = Pair a Swiss league's newest round again before any game began (the referee)
command-league-repair-league = The league's name
command-league-info = Describe a league: where it stands, its players and its settings
command-league-info-league = The league's name
command-league-fixtures = List a league's fixtures round by round
command-league-fixtures-league = The league's name
command-league-standings = Show a league's standings, as a table and a picture
command-league-standings-league = The league's name
command-league-export = Download a league's fixtures, results and standings (CSV and JSON)
command-league-export-league = The league's name
command-league-ratings = Rate this server's players of one game system across its leagues
command-league-ratings-system = The game system
command-league-add = Count this channel's game in a league
command-league-add-league = The league's name
command-league-turns = Show whose turn it is in every game of a league
command-league-turns-league = The league's name

## The database file, said to whoever runs the bot (console, command line, logs)
store-empty = `{ $path }` exists but is empty (0 bytes), so it holds no games; it may have been cut short. Restore it from a backup, or delete it to start a new database. Nothing was written to it.
store-corrupt = `{ $path }` is damaged or is not a SQLite database ({ $detail }). Restore it from a backup (`banneret backup` makes one); nothing was written to it.
store-read-only = `{ $path }` cannot be written ({ $detail }). Give the bot write access to the file and its folder, or use `banneret verify`, which only reads.
store-full = The disk holding `{ $path }` is full ({ $detail }); the last command was not saved. Free some space and try again.
store-busy = `{ $path }` stayed locked by another process for too long ({ $detail }); the last command was not saved. Try again, and check that no other program holds the file.
store-cannot-open = `{ $path }` cannot be opened ({ $detail }). Check the path in BANNERET_DB and its permissions.
store-failed = `{ $path }` failed: { $detail }. The last command was not saved.
store-newer = `{ $path }` was written by a newer version of Banneret (it has { $detail }). Upgrade Banneret to use it; nothing was written to it.
store-no-entry = `{ $path }` cannot be opened: this user may not enter the folder `{ $detail }` (it lacks the execute permission, x, for this user). Give this user that permission, or run Banneret as a user who has it.
store-no-read = `{ $path }` cannot be opened: this user may not read it (it lacks the read permission, r, for this user). Give this user that permission, or run Banneret as a user who has it.
store-no-create = `{ $path }` does not exist and cannot be made: this user may not write the folder `{ $detail }` (it lacks the write permission, w, for this user). Choose another path in BANNERET_DB, or give this user that permission.
store-log-unreadable = `{ $path }` can only be read by this user, and its write-ahead log (`-wal`) holds changes that cannot be read without writing beside it ({ $detail }). Let the bot's user open it once (or run `banneret backup` as that user) and verify the copy; nothing was written.
store-missing = There is no database at `{ $path }`. Check BANNERET_DB.
store-not-ours = `{ $path }` is a SQLite database, but not one of Banneret's. Check BANNERET_DB.
store-not-ours-pg = The PostgreSQL database `{ $path }` holds no Banneret tables. Check BANNERET_DB, or open it once without `verify` or `backup` so that Banneret builds them.
store-unreachable = The PostgreSQL database `{ $path }` cannot be reached ({ $detail }); the last command was not saved. Check that the server runs and that BANNERET_DB names it, then try again.
store-conflict = The PostgreSQL database `{ $path }` stopped this command because another one was changing the same game at the same moment ({ $detail }); it was not saved. Try again.
verify-unreadable-record = `{ $path }` cannot be read as a game record ({ $detail }).
verify-summary = { $good } of { $games } games consistent
backup-exists = `{ $path }` already exists; name a new file for the backup.
run-no-token = No DISCORD_TOKEN set: playing the bundled demo games locally.
console-welcome = Banneret console. Type commands as in Discord, e.g. `@alice /game new system:samurai scenario:river-crossing opponent:@bob`.
backup-done = Backed up `{ $source }` to `{ $path }`.
migrate-copied = Copied { $games ->
    [one] one game
   *[other] { $games } games
}, { $entries ->
    [one] one log entry
   *[other] { $entries } log entries
} and { $leagues ->
    [one] one league
   *[other] { $leagues } leagues
} from `{ $source }` to `{ $target }`.
migrate-failed = The copy into `{ $target }` failed ({ $detail }). Nothing was copied: the target is as empty as before, so the same command can run again once the cause is put right.
migrate-verified = { $good } of { $games } copied games verified by replaying their logs on `{ $target }`.
migrate-target-not-empty = `{ $path }` already holds data ({ $games ->
    [one] one game
   *[other] { $games } games
}, { $leagues ->
    [one] one league
   *[other] { $leagues } leagues
}); `banneret migrate` copies only into an empty database. Nothing was written to it.
error-store = The game records could not be saved just now, so your action was not applied. The problem has been logged (reference { $ref }); please try again later.
console-not-saved = (could not save `{ $path }`: { $detail }; the command itself was applied)
game-log-earlier = ({ $count ->
    [one] one earlier entry is
   *[other] { $count } earlier entries are
} not shown here; `/game export` has the whole log)

## /game replay and `banneret replay`: a game's public positions as one animation
command-game-replay = Post the game so far (or some of its positions) as one animation
command-game-replay-start = The first position to show (0 is the start; default 0)
command-game-replay-end = The last position to show (default: the latest)
command-game-replay-delay = Seconds each position stays on screen (default 0.8)
replay-shows = Positions { $first } to { $last } (the latest is { $latest }): { $frames ->
    [one] one frame
   *[other] { $frames } frames
}, { $size } KB.
replay-sampled = A long stretch of play: one position in every { $step } is shown, so the file stays small. Ask for fewer positions with `start:` and `end:` to see each one.
replay-drawing = Drawing frame { $done } of { $total }…
replay-no-such-position = There is no position { $position }: this game's positions go from 0 (the start) to { $latest }.
replay-backwards = `start:` ({ $start }) must not come after `end:` ({ $end }).
replay-bad-delay = `delay:` takes from { $low } to { $high } seconds.
replay-too-large = The replay would be larger than { $limit } MB even when drawn small; ask for fewer positions with `start:` and `end:`.
replay-log-broken = Entry { $seq } of this game's log no longer replays under the current rules, so no replay can be drawn; `/game verify` says more.
replay-no-drawing = This bot draws no boards, so it cannot draw a replay.
replay-record-refused = The record does not check out, so no replay was drawn.
replay-written = Replay written to `{ $path }`.
replay-not-written = Could not write `{ $path }` ({ $detail }).

# --- previews of an import (bot/service/importreview.py) ---
preview-offered = Only you see this preview; nothing changes until you accept it.
preview-cancelled = Preview cancelled; nothing changed.
button-preview-accept = Accept
button-preview-cancel = Cancel

# --- long replies in pages (bot/service/paging.py): what a page leaves out, and where it is
paging-left-out = ({ $count ->
        [one] one more line is
       *[other] { $count } more lines are
    } not shown{ $pages ->
        [1] {""}
       *[other] {" "}· page { $page } of { $pages }
    }; { $where })
paging-where-pages = the buttons below turn the pages
paging-where-league = the buttons below turn the pages, and `/league export` has everything
paging-where-game = the buttons below turn the pages, and `/game export` has the whole log
paging-where-log = `/game log` and `/game export` have them
paging-where-rules = `/rules show rule:` shows any rule in full
paging-where-file = the attached reply.txt has everything
paging-more-named = { $count } more
button-page-previous = ◀ Page { $page }
button-page-next = Page { $page } ▶

## /stats: a player's record and a scenario's balance (bot/service/stats.py)
command-stats = Statistics of this server's games: a player's record, a scenario's balance
command-stats-player = A player's games: results per game system and side, time per turn, ratings
command-stats-player-player = The player (default: you)
command-stats-scenario = A scenario's balance in this server: wins per side, draws, average length
command-stats-scenario-system = The game system
command-stats-scenario-scenario = The scenario
stats-player-title = Statistics of { $user } in this server's games
stats-player-none = { $user } has no finished game and no rated league game in this server yet.
stats-games = Games: { $games } · won { $won } · drawn { $drawn } · lost { $lost } · abandoned (ended without a result) { $abandoned }
stats-on-time = Games lost on time: { $count }
stats-turn-time = Time per turn: { $average } on average, { $slowest } at the slowest ({ $turns ->
        [one] one turn timed
       *[other] { $turns } turns timed
    })
stats-turn-none = Time per turn: no turn timed yet (a game's first turn is not timed).
stats-system-line = **{ $system }**: { $games ->
        [one] one game
       *[other] { $games } games
    } · won { $won } · drawn { $drawn } · lost { $lost }{ $abandoned ->
        [0] {""}
       *[other] {" "}· abandoned { $abandoned }
    }
stats-seat-line = — as { $seat }: { $games } · won { $won } · drawn { $drawn } · lost { $lost }
stats-rating-line = **{ $system }** rating: { $rating } after { $games ->
        [one] one league game
       *[other] { $games } league games
    } (highest { $best })
stats-legend-won = Won
stats-legend-drawn = Drawn
stats-legend-lost = Lost
stats-picture-player = { $name }: statistics
stats-picture-player-subtitle = { $games ->
        [one] One game
       *[other] { $games } games
    } in this server
stats-picture-systems = Results by game system
stats-picture-seats = { $system } by side
stats-picture-ratings = Rating after each league game
stats-picture-axis = League games in the order they were settled; the first point is the start
stats-picture-games = { $games ->
        [one] one game
       *[other] { $games } games
    }
stats-scenario-title = { $scenario } ({ $system }) in this server's games
stats-scenario-none = No game of { $scenario } is over in this server yet.
stats-scenario-games = Games: { $games } · with a result { $results } · abandoned (ended without a result) { $abandoned }
stats-scenario-wins = { $seat } won { $wins } ({ $share } %)
stats-scenario-draws = Draws: { $count } ({ $share } %)
stats-scenario-conceded = Decided by a resignation or on time: { $count }
stats-scenario-length = Average length{ $latest ->
        [yes] {" "}of the latest { $games } games
       *[no] {""}
    }: { $turns ->
        [one] one turn
       *[other] { $turns } turns
    }, { $time } from the start to the end
stats-scenario-few = Only { $results } of the { $enough } results a balance needs: read these shares with care.
stats-legend-seat-wins = { $seat } won
stats-legend-draws = Draws
stats-picture-scenario = { $scenario }: balance
stats-picture-scenario-subtitle = { $system } · { $games ->
        [one] one game
       *[other] { $games } games
    } in this server
stats-picture-balance = Results
stats-picture-results = Games with a result

## A player's private controls (bot/service/panels.py)

button-controls = Your choices
controls-title = { $seat }: only you can see these controls
controls-nothing = Nothing for you to do now: the turn message shows when it is your turn.
controls-moved = The game has moved on; here are your choices now.
controls-back = ◀ Back
controls-more = More… (page { $page } of { $pages })
controls-form = Enter the numbers
menu-more = Other actions…
menu-group = { $first } · { $rest }
menu-yes = Yes
menu-no = No
## Scenarios of your own (bot/service/scenarios.py)

scenario-preview = Only you see this preview of **{ $title }** (`{ $name }`, sides: { $seats }). Nothing is kept until you accept it; then anyone on this server can start it with `/game new scenario:{ $name }`.
scenario-accepted = The scenario `{ $name }` is kept for this server: start it with `/game new system:{ $system } scenario:{ $name }`. Games already made from an earlier file of that name keep their own copy.
scenario-cancelled = The scenario `{ $name }` was not kept.
error-no-scenario-uploads = This game system does not take scenarios of your own.
error-scenario-name-taken = This server already has a scenario called `{ $name }`, uploaded by someone else (or bundled with Banneret); give yours another `id`, or ask a moderator.
error-scenario-not-text = A scenario is a TOML text file; this one is not text.
scenario-checked = The scenario `{ $name }` reads well: { $title }, sides { $seats }.

## The web companion (bot/web/)
web-site-name = Banneret
web-skip-to-content = Skip to the content
web-footer = Banneret's web companion shows games as spectators see them: never a hand, a face-down piece or a sealed plan.
web-home-about = Banneret referees tabletop wargames on Discord. Follow a game, a league or a player here from the links the bot posts.
web-home-link = Back to the start page
web-refused-title = Nothing to show here
web-refused-not-found = There is no page at this address, or it is not open to the public. Check the link the bot posted.
web-refused-read-only = This site only shows pages: nothing can be sent to it.
web-refused-rate = Too many requests from your address just now. Please wait a minute and try again.
web-seats-title = Players
web-seat-open = (seat open)
web-board-caption = The board at move { $version }.
web-board-alt-empty = The board.
web-position-title = The position in words

## rosters
preview-points-limit = Points limit: { $limit } points, set by { $source }. { $points ->
        [none] This list gives no points, so it is not checked.
       *[other] { $over ->
            [0] This list ({ $points } points) is within it.
           *[other] This list ({ $points } points) is { $over } over: Accept will be refused until it fits.
        }
    }
points-from-league = the league
points-from-scenario = the scenario
points-from-game = this game
refusal-points-over = { $points } pts is { $over } over this game's { $limit }-point limit (set by { $source }); remove units or wargear worth { $over } points and send the list again.
refusal-points-limit-set = This game's points limit is already { $limit } points (set by { $source }), so `points:{ $asked }` cannot change it; send the roster without `points:`.
league-setting-army-points = `points:` is each army's points limit, from { $least } to { $most }.
league-settings-army-points = Each army: at most { $points } points (checked as a roster is accepted).
command-league-create-points = Each army's points limit in this league's games (checked as a roster is accepted)
command-league-settings-points = Each army's points limit in games started from now on
button-preview-more = More Leaders ({ $page }/{ $pages })

## webleague
web-league-title = { $name } · { $system } league
web-league-sections = Parts of this page
web-league-standings = Standings
web-league-bracket = Bracket
web-league-bracket-alt = The bracket as a picture: the same rounds are listed in words below it.
web-league-fixtures = Fixtures by round
web-league-ratings = Ratings
web-league-settings = Settings
web-league-round = Round { $round }
web-league-game-link = watch the game of fixture #{ $id }
web-league-no-fixtures = No fixture yet: the league has not started.
web-league-more-fixtures = { $count ->
        [one] One more fixture is not listed here
       *[other] { $count } more fixtures are not listed here
    }: /league export has them all.
web-league-status = { $status ->
        [open] open for players to join
        [running] running
       *[other] finished
    }
web-col-rating = Rating
web-col-games = Games
web-player-title = { $name }'s games on this server
web-player-record = Results
web-player-running = Games being played
web-player-over = Latest games over
web-player-none-over = No game of this player is over yet.
web-game-what = { $system }: { $scenario }
web-game-status = { $status ->
        [open] waiting for players
       *[other] being played
    }
web-game-outcome = { $outcome ->
        [won] won
        [drawn] drawn
        [lost] lost
        [solo] played alone
       *[other] ended without a result
    }
web-server-title = This server's games and leagues
web-server-leagues = Leagues
web-server-no-leagues = This server has no league with a season.
web-server-games = Games being played
web-server-no-games = No game is being played on this server just now.
web-link-league = League page
web-link-player = Player page
web-moderator-only = Only a moderator of this server can change what it opens to the web. Anyone can see the current choice with `/web server` alone.
web-server-shown = What this server opens to the web companion:
web-server-changed = Saved. What this server now opens to the web companion:
web-server-public = { $public ->
        [true] Games public: yes. Its games, leagues and players open by their numbers too, so anyone can browse them.
       *[other] Games public: no. A page opens only from the unguessable link the bot posts.
    }
web-server-listed = { $listed ->
        [true] Index listed: yes. The server's running games and leagues are listed on one page.
       *[other] Index listed: no. The server has no public list of its games.
    }
web-server-index-at = The index: { $address }
command-web = The web companion: what this server shows on its pages
command-web-server = See or change (moderators) what this server opens to the web companion
command-web-server-public = Open games, leagues and players by their numbers, not only by the links the bot posts
command-web-server-listed = Give the server a public index of its running games and leagues

## appexport: datasheets a server keeps (bot/service/datasheets.py)

datasheets-offered = Only you see this list of the datasheets in `{ $name }`. Nothing is kept until you accept it; then the app's text exports of everyone on this server read them (`/{ $system } roster text:`).
datasheets-unnamed = uploaded datasheets
datasheets-accepted = The datasheets `{ $name }` are kept for this server: app text exports loaded with `/{ $system } roster` now find their units. A later upload of the same name replaces them; `/{ $system } datasheets` lists them.
datasheets-cancelled = The datasheets `{ $name }` were not kept.
datasheets-list = { $count ->
        [0] This server keeps no datasheets of its own yet: upload your faction's BSData catalogue with `/{ $system } datasheets upload:`.
        [one] This server keeps one upload of datasheets:
       *[other] This server keeps { $count } uploads of datasheets:
    }
datasheets-listed = • `{ $name }`: { $count } { $count ->
        [one] datasheet
       *[other] datasheets
    }, uploaded by { $uploader }
datasheets-removed = The datasheets `{ $name }` are no longer kept for this server.
error-no-datasheet-uploads = This game system takes no datasheets of your own.
error-datasheets-not-yours = This server's datasheets `{ $name }` were uploaded by someone else; only they or a moderator may replace or remove them.
error-datasheets-unknown = This server keeps no datasheets called `{ $name }` (it keeps: { $choices }).
error-datasheets-one-thing = Upload a file or remove an upload, one at a time.
error-datasheets-too-many = This server already keeps { $limit } uploads of datasheets; remove one first (`remove:`).
## webgame
web-log-latest-title = Latest moves
web-log-title = The whole log
web-log-all = The whole log ({ $count ->
        [one] one entry
       *[other] { $count } entries
    })
web-log-empty = Nothing has been logged yet.
web-log-taken-back = (taken back)
web-log-position = position { $position }
web-log-hidden-choice = a choice kept hidden until the end of the game.
web-replay-title = Replay
web-replay-start = Replay the game from the start ({ $latest ->
        [one] one move
       *[other] { $latest } moves
    })
web-replay-first = First
web-replay-previous = Previous
web-replay-next = Next
web-replay-latest = Latest
web-replay-keys = The left and right arrow keys step through the positions too.
web-position-heading = Position { $position } of { $latest }
web-position-made-by = How this position came about
web-position-start = The start of the game, before any move.
web-back-to-game = Back to the game
web-record-title = The record and the dice
web-export-download = Download the game record (JSON)
web-export-about = Anyone can check a record with `banneret verify --file`. While the game runs, hidden choices and the dice seed are left out of it.
web-seed-hash = Fingerprint (SHA-256) of the dice seed, published when the game began:
web-seed-hidden = The seed itself is shown here when the game ends, so anyone can then work out every roll again.
web-seed-revealed = The dice seed, revealed at the end:
web-link-button = Follow on the web
run-web-hint = Watch these games in a browser: run `{ $command }`, then open their pages:

# Bushido, a Batalha de Sekigahara in English.
#
# Values arrive as { $name } (see core.ftl). Piece ids (W3, T1, ISHIDA, IEYASU) and hexes
# (C4) arrive as they are written on the board; a seat, a troop type, a movement piece's
# face or an arrow arrives already worded (seat-, troop-, face-, arrow-). Booleans arrive
# as "true" or "false" and a missing value as "none".

system-title = Bushido: the Battle of Sekigahara

## Scenarios

scenario-sekigahara = Sekigahara, 1600
    .summary = Eight troops a side and the two commanders in their camps; the East opens the battle, and nightfall comes after 60 turns.
scenario-skirmish = Skirmish at the Fuwa Barrier
    .summary = Four troops a side on a narrow field; West moves first, and nightfall comes after 30 turns.

## Sides

seat-west = West
seat-east = East

## The steps of a turn and the actions open in them

step-turn = turn
step-defend = camp's answer
step-over = end of the battle
action-move = move
action-attack = attack
action-hold = hold
action-flee = flight
action-counter = counter-attack
action-adjust = referee adjustment
action-adjust_movement = referee's swap of a movement piece

## Pieces, movement pieces and the field

troop-ashigaru = Ashigaru spearmen
troop-samurai = Samurai
troop-kiba = Mounted samurai (kiba musha)
troop-mitsunari = Ishida Mitsunari
troop-ieyasu = Tokugawa Ieyasu

# The movement pieces keep the names of the classic formations; what each name means
# follows in brackets.
face-hoshi = Hoshi (arrowhead)
face-gyorin = Gyorin (fish scales)
face-kakuyoku = Kakuyoku (crane's wings)
face-engetsu = Engetsu (half moon)
face-choda = Choda (long snake)
face-hoen = Hoen (yoke)
face-koyaku = Koyaku (balance)
face-gako = Gako (keyhole)

# Arrows are named from their owner's side of the field: forward points at the enemy camp.
arrow-forward = forward
arrow-forward-left = forward-left
arrow-back-left = back-left
arrow-back = back
arrow-back-right = back-right
arrow-forward-right = forward-right

# The camps as the board names them.
camp-west = West camp
camp-east = East camp

# A space in a sentence: a camp by name (a hex arrives as its label), and where
# something stands.
place-camp = the { $seat } camp
at-camp = in the { $seat } camp
at-hex = on { $hex }
at-typed = on `{ $text }`

## What to do now (after "West to act: ")

prompt-turn = move a piece one hex, attack with one, or hold
prompt-defend = { $attacker } attacks { $defender } { $at }: { $flee_count ->
        [0] counter-attack (there is no free hex to flee to)
       *[other] counter-attack, or flee to { $flee }
    }
prompt-over = Battle over, { $winner } wins: { $reason }.
prompt-over-draw = Battle over, a draw: { $reason }.

## How a battle ends

ending-commander-fell = { $commander } was defeated by { $by }
ending-nightfall = nightfall with more strength left ({ $high } to { $low })
ending-nightfall-draw = nightfall with equal strength left ({ $strength } each)

## What happened

event-piece-moved = { $seat } moves { $piece } from { $start } to { $end }{ $left_camp ->
        [true] { " " }out of its camp (it can never flee now)
       *[other] {""}
    }.
event-attack-declared = { $seat }'s { $piece } ({ $start }) attacks { $defender } ({ $target }){ $in_camp ->
        [true] { " " }in its camp
       *[other] {""}
    }.
event-movement-revealed = { $seat }'s { $piece } turns up its movement piece: { $movement }, with arrows { $arrows }.
event-answer-awaited = { $seat }'s { $piece } is attacked in its camp by { $attacker }: { $can_flee ->
        [true] it may counter-attack, or flee (open hexes: { $flee_to })
       *[other] with no free hex to flee to, it must counter-attack
    }.
event-commander-fled = { $seat }'s { $piece } flees its camp to { $end }, away from { $attacker }; its movement piece stays face up on the camp at { $placed_at }.
event-movement-drawn = { $seat } draws a new face-down movement piece for { $piece } ({ $left ->
        [0] the stack is used up
        [one] one left
       *[other] { $left } left
    }).
event-combat-rolled = { $attacker } rolls { $attacker_roll } (total { $attacker_total }) against { $defender }'s counter-attack{ $chosen ->
        [true] { " " }(chosen instead of flight)
       *[other] {""}
    } of { $defender_roll } (total { $defender_total }{ $hill ->
        [true] { " " }with the hill
       *[other] {""}
    }): { $winner } wins.
event-piece-removed = { $seat }'s { $piece } is removed from { $in_camp ->
        [true] its camp
       *[other] { $hex }
    }.
event-commander-defeated = { $seat }'s commander { $piece } falls to { $by }!
event-held = { $seat } holds its ground.
event-turn-ended = { $seat }'s turn ends; { $next_seat } is next (turn { $turn_number }).
event-battle-ended = { $winner ->
        [none] The battle ends in a draw: { $reason }.
       *[other] { $winner } wins the battle: { $reason }.
    }
event-adjusted = Referee adjustment: { $change ->
        [placed] { $piece } put from { $start_camp ->
            [true] its camp
           *[other] { $start }
        } on { $end_camp ->
            [true] its camp
           *[other] { $end }
        }
        [revealed] { $piece }'s movement piece turned up
        [removed] { $piece } taken off the field
        [flight-restored] { $piece } may flee from its camp again
        [concealed] { $piece }'s movement piece turned face down
       *[called-off] the attack by { $piece } is called off
    }{ $note ->
        [none] {""}
       *[other] { " " }({ $note })
    }.
event-movement-adjusted = Referee adjustment: { $piece } stands on { $face ->
        [none] another face-down movement piece from { $seat }'s stack
       *[other] { $face } from { $seat }'s stack
    }{ $note ->
        [none] {""}
       *[other] { " " }({ $note })
    }.

## Refusals

refusal-no-scenario = There is no scenario { $scenario }; choose { $choices }.
refusal-no-such-piece = There is no piece { $piece } on the field. Your pieces are: { $yours }.
refusal-not-your-piece = { $piece } belongs to the other side; you can only move or attack with your own pieces.
refusal-off-map = { $hex } is not on this map: hexes run from A1 to { $last } (the even rows are one hex shorter).
refusal-no-such-camp = There is no `{ $target }` here; the camps are { $camps }.
refusal-camp-closed = { $hex } is part of a camp. No piece may enter a camp: attack the commander in it from a hex on its border instead.
refusal-not-next-to = { $piece } stands { $at } and moves one hex at a time; { $hex } is not next to it.
refusal-hex-taken = { $hex } is taken by { $holder }; a piece may only move to a free hex.
refusal-no-arrow-to-hex = { $piece }, { $at }, would need an arrow pointing { $way } (as your side sees the field) to reach { $hex }, but its movement piece, { $face }, only has arrows pointing { $arrows }.
refusal-no-enemy-there = There is no enemy piece { $at } to attack.
refusal-enemy-not-next-to = { $piece } can only attack a space next to it, and { $enemy }, { $at }, is not.
refusal-no-arrow-to-enemy = To attack { $enemy }, { $piece } would need an arrow pointing { $way } (as your side sees the field), but its movement piece, { $face }, only has arrows pointing { $arrows }.
refusal-flee-out-of-camp = { $piece } stands { $at }, away from its camp, and can no longer flee: only a commander still in the camp it started in may run from an attack. Anywhere else it fights back like any piece.
refusal-flee-unasked = Flight is an answer to an attack on your camp, and nobody is attacking it now. To take your commander out of its camp of your own accord, move it (it can then never flee again).
refusal-flee-stack-empty = Your stack has no movement piece left for the commander to take at the end of a flight, so it cannot flee: counter-attack.
refusal-flee-off-border = { $hex } does not touch { $camp }. A fleeing commander goes to one of the five hexes on its border ({ $border }); { $open_count ->
        [0] no flight is open now: counter-attack.
       *[other] open now: { $open }.
    }
refusal-flee-hex-taken = { $hex } is held by { $holder }; a commander can only flee to a free hex. { $open_count ->
        [0] No flight is open now: counter-attack.
       *[other] Open now: { $open }.
    }
refusal-flee-no-arrow = No arrow of the movement piece under { $piece }, { $face }, points from the camp to { $hex }, wherever on the camp it is laid: its arrows point { $arrows }. { $open_count ->
        [0] No flight is open now: counter-attack.
       *[other] Open now: { $open }.
    }
refusal-adjust-nothing = Name a piece and say what changes: `to:<hex>` to put it elsewhere, `remove:true` to take a troop off the field, `reveal:true` or `conceal:true` to turn its movement piece up or down, or `restore:true` to give a commander back its right to flee.
refusal-adjust-flight-kept = { $piece } has no lost right to flee to give back: only a commander that left its camp by choice loses it.
refusal-flight-lost = { $piece } left its camp of its own accord earlier in this battle, so it may never flee again, even standing on its camp; it answers attacks by fighting.
refusal-camp-not-touching = { $piece }, { $at }, does not touch the camp { $camp }: a camp is attacked from one of the hexes touching it ({ $border }).
refusal-adjust-no-piece = There is no piece { $piece } on the field.
refusal-adjust-already-down = { $piece }'s movement piece is not face up, so it cannot be turned face down.
refusal-no-such-face = There is no movement piece called `{ $text }`.
refusal-adjust-face-not-in-stack = { $seat }'s stack holds no { $face }.
refusal-adjust-same-face = { $piece } already stands on { $face }.
refusal-adjust-camp = Only a side's own commander may be put back on its camp, not { $piece } { $at }.
refusal-adjust-camp-hex = { $hex } is part of a camp; only its own commander may be put there (name the camp: `{ $camp }`).
refusal-adjust-hex-taken = { $hex } is taken by { $holder }; choose a free hex.
refusal-adjust-commander = { $piece } is a commander and cannot be taken off by hand: a commander leaves the field only by losing a fight, which ends the battle.

## Commands that could not be read

input-hex-name = `{ $field }`: `{ $value }` is not a hex; write a letter and a row, like D4.
input-space-name = `{ $field }`: `{ $value }` is neither a hex nor a camp; write a hex like C4, or a camp: `west-camp` or `east-camp`.

## The board's side panel

panel-title = Bushido: { $scenario }
panel-turn = Turn { $turn } of { $limit } | step: { $step }
panel-to-act = { $seat } to act: { $hint }
panel-side = { $seat }: { $troops ->
        [one] one troop
       *[other] { $troops } troops
    }, strength { $strength } | { $camp ->
        [in-camp] { $commander } in camp, may flee
        [out] { $commander } out of camp, cannot flee
       *[fallen] { $commander } has fallen
    } | stack { $stack }

## What only you can see

secret-piece = { $piece }, { $troop }, { $at }: { $face }, arrows { $arrows } ({ $revealed ->
        [true] face up
       *[other] face down
    })
secret-stack = Movement pieces left in your stack: { $count }

## Autocomplete

suggest-piece = { $piece } { $troop } { $at }
suggest-to = { $hex } ({ $flee ->
        [true] flee
       *[other] { $pieces }
    })
suggest-target = { $target }: { $enemy } { $troop } (by { $by })
suggest-face = { $face }

## Buttons

button-move = Move { $piece } to { $to }
button-attack = { $piece } attacks { $target }
button-attack-camp = { $piece } attacks the { $seat } camp
button-hold = Hold
button-flee = Flee to { $to }
button-counter = Counter-attack

## Command help: /bushido

command-bushido = Bushido: the Battle of Sekigahara
command-bushido-move = Move a piece one hex along its movement piece's arrows
command-bushido-move-piece = Your piece (or your commander)
command-bushido-move-to = The hex to move to, e.g. D4
command-bushido-attack = Attack an adjacent enemy piece or camp
command-bushido-attack-piece = Your piece (or your commander)
command-bushido-attack-target = The hex or camp attacked
command-bushido-flee = Your commander flees its camp to a border hex
command-bushido-flee-to = The hex to flee to
command-bushido-counter = Counter-attack the piece that attacked you
command-bushido-hold = Hold your ground this turn
command-bushido-adjust = Referee: move, remove or reveal a piece
command-bushido-adjust-piece = The piece to change
command-bushido-adjust-to = Put it on this hex or camp
command-bushido-adjust-remove = Take the piece off the field
command-bushido-adjust-reveal = Turn its movement piece face up
command-bushido-adjust-restore = Give this commander back the right to flee it lost by leaving its camp
command-bushido-adjust-note = Why (shown in the log)
command-bushido-adjust-conceal = Turn its movement piece face down
command-bushido-adjustmovement = Referee: swap a piece's movement piece for one from its side's stack
command-bushido-adjustmovement-piece = The piece whose movement piece changes
command-bushido-adjustmovement-face = The movement piece to take from its side's stack
command-bushido-adjustmovement-note = Why (shown in the log)

## The position in words (/game status and its details button)

summary-turn = Turn { $turn } of { $limit }; { $seat } to play.
summary-side = { $seat }: { $troops } { $troops ->
        [one] troop
       *[other] troops
    } left (combat values adding up to { $strength }); { $commander ->
        [none] the commander has fallen.
       *[other] the commander stands { $commander }.
    }
summary-piece = · { $piece } { $troop } { $where }, { $face ->
        [none] movement piece face down
       *[other] movement piece { $face }, face up
    }

## The turn message's button to a player's private controls

controls-button = Your pieces

# Fantasy Warriors battle tracker in English.
#
# The engine hands over data (rules/fantasy_warriors): ids such as N3 or C1, the scenario's
# proper names of units and commands (Hearthguard, Wolf Pack: shown as they are), numbers,
# and names this file gives (terms: order-, flag-, approach-, troop-, objective-...).
# Booleans arrive as "true" or "false"; a missing value as "none".

system-title = Fantasy Warriors battle tracker

## Scenarios

scenario-the-stockade-ford = The Stockade Ford
    .summary = Dwarves from the north and an orc horde from the south fight over a ford, a crossroads, a hill and an old stockade on a 72x48 table; 8 turns, north moves first.

## Sides

seat-north = North
seat-south = South

## The scenarios' names: armies, Objectives and features (objective-<scenario>-<id>)

army-the-stockade-ford-north = Dwarf Holds
army-the-stockade-ford-south = Orc Horde
objective-the-stockade-ford-o1 = The Crossroads
objective-the-stockade-ford-o2 = Top of Raven Hill
objective-the-stockade-ford-o3 = The Old Stockade
objective-the-stockade-ford-o4 = The Greywater
objective-the-stockade-ford-o5 = The Dark Wood
feature-the-stockade-ford-raven-hill = Raven Hill
feature-the-stockade-ford-greywater = Greywater
feature-the-stockade-ford-old-stockade = Old Stockade
feature-the-stockade-ford-west-road = West Road
feature-the-stockade-ford-north-road = North Road
feature-the-stockade-ford-crossroads = Crossroads
feature-the-stockade-ford-dark-wood = Dark Wood
feature-the-stockade-ford-field-wall = Field Wall

## Steps, and actions by the command players type

step-plan = battle plan
step-battle = battle
step-over = end of the battle
action-order = `/fw order`
action-ready = `/fw ready`
action-move = `/fw move`
action-contact = `/fw contact`
action-engaged = `/fw engaged`
action-disengaged = `/fw disengaged`
action-destroyed = `/fw destroyed`
action-left = `/fw left`
action-sight = `/fw sight`
action-combat = `/fw combat`
action-end_turn = `/fw endturn`
action-concede = conceding
action-adjust = `/fw adjust`

## Orders: the names players write on their plans (order-short-: the board's shorter tags)

order-attack = ATTACK
    .summary = close with the enemy and fight
order-hold = HOLD
    .summary = stay where you stand and defend it
order-oppose = OPPOSE
    .summary = take the best defensive position; start no fight
order-take-and-hold = TAKE AND HOLD
order-storm = STORM
order-intercept-reinforce = INTERCEPT/REINFORCE
order-destroy-breakout = DESTROY/BREAKOUT
order-intercept = INTERCEPT
order-reinforce = REINFORCE
order-destroy = DESTROY
order-breakout = BREAKOUT
order-short-attack = { order-attack }
order-short-hold = { order-hold }
order-short-oppose = { order-oppose }
order-short-take-and-hold = TAKE&HOLD
order-short-storm = { order-storm }
order-short-intercept = { order-intercept }
order-short-reinforce = { order-reinforce }
order-short-destroy = { order-destroy }
order-short-breakout = { order-breakout }
# The orders' status: "HOLD", "STORM (ATTACK)" before the goal, "STORM→HOLD" after it.
order-tag = { $stage ->
        [basic] { $order }
        [first] { $order } ({ $now })
       *[other] { $order }→{ $now }
    }

## Words the orders and goals use

flag-red = red
flag-green = green
flag-yellow = yellow
flag-black = black
approach-contact = contact
approach-enter = enter
approach-stand-over = stand over
troop-axemen = axemen
troop-crossbowmen = crossbowmen
troop-riders = riders
troop-hero = heroes
troop-warriors = warriors
troop-archers = archers
unit-kind-foot = foot
unit-kind-mounted = mounted
unit-kind-missile = missile
terrain-hill = hill
terrain-river = river
terrain-stockade = stockade
terrain-wall = wall
terrain-standing-stone = standing stone
terrain-crossroads = crossroads
terrain-forest = wood
terrain-building = building
terrain-road = road
terrain-point = point
adjusted-position = position
adjusted-facing = facing
adjusted-status = status
adjusted-engaged = engagement in combat
adjusted-visible = visibility
adjusted-orders = orders
adjusted-stage = stage of the orders

# A unit or a command: its id and its name in the scenario.
named = { $id } { $name }
# A unit with how far it had to close on its goal.
unit-needs = { $unit } { $name } ({ $inches }")
# Several units, one of which will do.
one-of = { $units }
# The goal written with a combination order.
goal-objective = { $place } ({ $approach })
place-objective = { $objective } { $name }
place-feature = { $feature }
place-point = ({ $x }", { $y }")
target-troops = { $side ->
        [friendly] friendly
       *[other] enemy
    } { $troops }

## What the side to act is asked to do

prompt-plan = Write your battle plan: give every command its orders with `/fw order` (a combination order with its Objective or Target), then seal the plan with `/fw ready`. Plans stay sealed until both sides are ready.
prompt-battle = Turn { $turn } of { $turns }: report moves (`/fw move`), contacts (`/fw contact`), losses (`/fw destroyed`, `/fw left`) and sightings (`/fw sight`), then `/fw endturn`.
prompt-over = The battle is over.

## How a battle ended

outcome-conceded = { $seat } conceded
outcome-wiped-out = { $seat } has no units left on the battlefield
outcome-objectives = { $seat } holds more Objectives ({ seat-north } { $north }, { seat-south } { $south })
outcome-losses = Objectives even ({ $north } each); { $seat } destroyed or drove off more units ({ $more } to { $fewer })
outcome-draw = a draw: { $north ->
        [one] one Objective
       *[other] { $north } Objectives
    } and { $lost ->
        [one] one unit
       *[other] { $lost } units
    } lost each

## Events

event-orders-written = { $side } writes sealed orders for { $command } { $name }.
event-plan-sealed = { $side } has sealed its battle plan.
event-battle-started = Both battle plans are sealed: the battle begins. { $first } moves first ({ $turns } turns).
event-orders-revealed = { $side }'s { $command } { $name } { $changed ->
        [true] now has
       *[other] has
    } { $order } orders (flag counter: { $flags }){ $goal ->
        [none] {""}
       *[other] { " → " }{ $goal }
    }.
event-orders-switched = { $side }'s { $command } { $name }: { $reason ->
        [objective] every unit has achieved its Objective
        [target] a unit has reached its Target
       *[targets-gone] every eligible Target is gone
    }, so { $order } gives way to { $now } orders (no Battle Leader Test needed).
event-goal-reached = { $unit } { $name } has reached { $goal }.
event-unit-moved = { $unit } { $name } moves to ({ $x }", { $y }"){ $facing ->
        [none] {""}
       *[other] , facing { $facing }°
    }{ $forced ->
        [true] { " " }(forced)
       *[other] { $make_room ->
            [true] { " " }(making room)
           *[other] {""}
        }
    }.
event-units-in-contact = { $unit } { $name } makes contact with { $enemy } { $enemy_name }.
event-engagement-changed = { $unit } { $name } is { $engaged ->
        [true] engaged in combat
       *[other] no longer engaged
    }.
event-unit-gone = { $side }'s { $unit } { $name } { $status ->
        [destroyed] is destroyed
       *[other] leaves the battlefield
    }.
event-sight-changed = { $unit } { $name } is { $visible ->
        [true] visible
       *[other] out of sight
    }.
event-combat-orders = { $unit } { $name } fights under { $governing } ({ $order } orders): { $modifier ->
        [0] no Combat Test modifier
       *[other] Combat Test { $modifier }
    }; { $to_hit_dice } dice To Hit from { $dice }.
event-to-hit-rolled = { $unit } { $name } rolls To Hit: { $rolls }.
event-turn-began = Turn { $turn }: { $side } moves.
event-adjusted = The referee adjusts { $unit ->
        [none] { $command }
       *[other] { $unit }
    } { $name }: { $fields }.
event-conceded = { $side } concedes.
event-battle-resumed = The field is no longer empty: the battle goes on, turn { $turn }, { $active } to play.
event-battle-ended = The battle is over: { $reason }{ $by ->
        [conceded] { " " }(Objectives held: { seat-north } { $north_objectives }, { seat-south } { $south_objectives })
        [wiped-out] { " " }(Objectives held: { seat-north } { $north_objectives }, { seat-south } { $south_objectives })
       *[other] {""}
    }.

## The board

panel-title = Fantasy Warriors: { $scenario }
panel-plans = Battle plans are being written
panel-plan = { $seat } ({ $army }): { $sealed ->
        [true] plan sealed
       *[other] writing its plan
    }
panel-turn = Turn { $turn } of { $turns }
panel-to-move = { $seat } to move
panel-over = Battle over: { $reason }
panel-orders = { $command } { $name }: { $order }{ $goal ->
        [none] {""}
       *[other] { " → " }{ $goal }
    }
panel-objective = { $objective } { $name }{ $holder ->
        [none] {""}
       *[other] : held by { $holder }
    }
tag-reached = REACHED
tag-engaged = ENGAGED
tag-hidden = HIDDEN

## Your own battle plan (only you see it)

secret-orders = { $command } { $name }: { $order }, flag counter { $flags }{ $goal ->
        [none] {""}
       *[other] { " → " }{ $goal }
    }
secret-no-orders = { $command } { $name }: no orders yet (`/fw order`)
secret-plan = { $sealed ->
        [true] Plan sealed.
       *[other] Plan not sealed yet: `/fw ready` seals it.
    }

## Refusals

refusal-not-a-side = Only { seat-north } and { seat-south } can act in this battle.
refusal-no-such-unit = There is no unit `{ $unit }`; use a unit id such as N3.
refusal-ambiguous-unit = More than one unit is called `{ $unit }`; use its id: { $ids }.
refusal-no-such-command = There is no command `{ $command }`; use a command id such as C1.
refusal-not-own-unit = { $unit } { $name } belongs to { $side }.
refusal-not-own-command = { $command } { $name } belongs to { $side }.
refusal-out-of-play = { $unit } { $name } is no longer on the battlefield ({ $status ->
        [destroyed] destroyed
       *[other] it left
    }).
refusal-point-incomplete = Give both x and y (inches from the bottom-left corner).
refusal-off-the-table = ({ $x }", { $y }") is off the { $width }" × { $height }" table.
refusal-unknown-objective = `{ $objective }` is no Objective of this battlefield: name a key point ({ $known }) or give a point as x,y.
refusal-approach-needed = { $place } can be reached more than one way: say with `approach` whether units should contact it, enter it or stand over it.
refusal-no-such-troops = { $side } has no { $troops } on the battlefield.
refusal-not-a-personality = { $unit } { $name } is not a personality.
refusal-own-target = A command cannot be its own Target.
refusal-target-gone = { $target } is no longer on the battlefield.
refusal-unknown-target = `{ $target }` is no unit, personality, command or troop type of this battle.
refusal-target-side = `{ $target }` is not { $friendly ->
        [true] friendly
       *[other] an enemy
    }.
refusal-basic-order-no-goal = { $order } is a basic order: it takes no Objective or Target.
refusal-needs-objective = { $order } is given an Objective (a place), not a Target.
refusal-needs-target = { $order } is given a Target (troops), not an Objective.
refusal-objective-missing = { $order } needs its Objective written with the order.
refusal-target-missing = { $order } needs its Target written with the order.
refusal-plan-sealed = Your battle plan is sealed.
refusal-plan-already-sealed = Your battle plan is already sealed.
refusal-commands-unordered = Every command needs orders first: { $commands }.
refusal-order-change-needs-test = The orders of { $command } { $name } change in battle only after a passed Battle Leader Test: report it with `passed_test:true`.
refusal-command-gone = { $command } { $name } has no units left to order.
refusal-forced-or-room = A move is either forced or made to make room, not both.
refusal-move-out-of-turn = It is { $seat }'s turn; only forced moves (`forced:true`) are reported out of turn.
refusal-engaged-unit-stays = { $unit } { $name } is engaged in combat: it moves only when forced, or once it has disengaged.
refusal-hold-stays-put = { $command } { $name } is on { $order } orders: its units stay where they stand.
refusal-room-only-take-and-hold = Only a unit taking and holding an Objective makes room for later arrivals.
refusal-room-not-there = { $unit } { $name } has not reached { $place }, so it has no room to make.
refusal-room-must-stay = Making room must leave { $unit } { $name } at { $place }.
refusal-stay-at-objective = { $unit } { $name } began this move at { $place }; it must still be there when the move ends.
refusal-moving-away = { $unit } { $name } may not move away from { $goal } while its orders hold ({ $order }).
refusal-contact-a-friend = { $enemy } { $name } is a friendly unit, not an enemy.
refusal-already-in-contact = { $unit } { $name } is already in contact with { $enemy } { $enemy_name }.
refusal-contact-too-far = { $unit } { $name } is { $gap }" from { $enemy } { $enemy_name }; report the move that brings its base within { $contact }" first.
refusal-take-and-hold-no-fight = { $command } { $name } is taking and holding an Objective ({ $order }): it may not engage the enemy, even one standing on the Objective.
refusal-contact-only-target = { $command } { $name } ({ $order }) may contact no enemy but its Target.
refusal-nearest-target = { $unit } { $name } makes for the nearest visible Target ({ $nearest }), not { $enemy } { $enemy_name }.
refusal-order-starts-no-fight = { $command } { $name } is on { $order } orders, which start no fight.
refusal-already-engaged = { $unit } { $name } is already engaged.
refusal-not-engaged = { $unit } { $name } is not engaged.
refusal-sight-unchanged = { $unit } { $name } is already { $visible ->
        [true] visible
       *[other] out of sight
    }.
refusal-roll-own-dice = The dice of { $unit } { $name } are rolled by its own side.
refusal-press-on = These units have not pressed on toward their Objective or Target this turn: { $units }. Report their moves with `/fw move` (or the enemies in their way).
refusal-press-on-allowance = These units have not followed the most direct or fastest route this turn: { $units }. Each must close on its Objective or Target by half its move (the inches shown) unless it gets there, fights, ends in contact with its Target, or has leave to wait or to go around the enemies in its way. Report their moves with `/fw move` (or their fights).
refusal-outside-deployment-zone = { $unit } { $name } must be set up wholly inside the { $side } deployment zone.
refusal-units-overlap = { $unit } { $name } would stand on { $other } { $other_name }: blocks of figures may not overlap.
refusal-adjust-what = Name the unit or the command to adjust.
refusal-adjust-unit-what = Say what to change about { $unit } { $name }.
refusal-adjust-orders-what = Say what to change about the orders of { $command } { $name }.
refusal-adjust-no-orders = { $command } { $name } has no orders whose stage could change.
refusal-unknown-scenario = There is no Fantasy Warriors scenario `{ $scenario }`.

## Autocomplete

suggest-basic-order = { $order } ({ $order_summary })
suggest-combination = { $order } ({ $first } then { $second }; needs { $needs ->
        [objective] an Objective
       *[other] a Target
    })
suggest-approach = { $approach }
suggest-objective = { $objective } { $name }
suggest-feature = { $feature } ({ $kind })
suggest-command = { $command } { $name } ({ $side })
suggest-target-command = command { $command } { $name } ({ $side })
suggest-target-unit = { $personality ->
        [true] personality
       *[other] unit
    } { $unit } { $name } ({ $side })
suggest-target-troops = troop type: { $troops }
suggest-unit = { $unit } { $name } ({ $side }, { $kind })

## Buttons

button-order = { $command }: { $order }{ $goal ->
        [none] {""}
       *[other] { " → " }{ $goal }
    }{ $approach ->
        [none] {""}
       *[other] { " " }({ $approach })
    }
button-ready = Seal the battle plan
button-move = Move { $unit } to ({ $x }", { $y }")
button-contact = { $unit } contacts { $enemy }
button-destroyed = { $unit } destroyed
button-disengaged = { $unit } out of combat
button-combat = { $unit }: { $dice } dice To Hit{ $roll ->
        [true] , rolled
       *[other] {""}
    }
button-end-turn = End the turn

## Command help: /fw

command-fw = Fantasy Warriors combination orders
command-fw-order = Give a command its orders (and its Objective or Target)
command-fw-order-command = The command
command-fw-order-order = The order, e.g. `storm` or `take and hold`
command-fw-order-objective = Objective: an id, a feature, or a point like 40,12
command-fw-order-target = Target: a unit, personality, command or troop type
command-fw-order-target_side = Whether the Target is enemy or friendly
command-fw-order-approach = How to reach the Objective
command-fw-order-passed_test = A Battle Leader Test was passed (needed in battle)
command-fw-ready = Seal your battle plan
command-fw-move = Report where a unit now stands
command-fw-move-unit = The unit (id or name)
command-fw-move-x = Inches from the left edge (0-72)
command-fw-move-y = Inches from the bottom edge (0-48)
command-fw-move-make_room = Moving aside to make room at the Objective
command-fw-move-forced = A forced move (rout, push back): no order checks
command-fw-move-facing = Where its front now faces, in degrees: 0 north edge, 90 east (kept if left out)
command-fw-contact = Report that a unit contacts an enemy unit
command-fw-contact-unit = The unit (id or name)
command-fw-contact-enemy = The enemy unit contacted
command-fw-engaged = Report that a unit is engaged in combat
command-fw-engaged-unit = The unit (id or name)
command-fw-disengaged = Report that a unit is out of combat
command-fw-disengaged-unit = The unit (id or name)
command-fw-destroyed = Report that a unit is destroyed
command-fw-destroyed-unit = The unit (id or name)
command-fw-left = Report that a unit left the battlefield
command-fw-left-unit = The unit (id or name)
command-fw-sight = Report whether a unit can be seen
command-fw-sight-unit = The unit (id or name)
command-fw-sight-visible = `true` if it can be seen
command-fw-combat = Get a unit's Combat Test modifier and To Hit dice
command-fw-combat-unit = The unit (id or name)
command-fw-combat-dice = To Hit dice before orders
command-fw-combat-roll = Roll them too
command-fw-endturn = End your turn
command-fw-adjust = Referee: correct a unit or a command's orders
command-fw-adjust-unit = The unit to change
command-fw-adjust-x = Inches from the left edge (0-72)
command-fw-adjust-y = Inches from the bottom edge (0-48)
command-fw-adjust-facing = Where its front faces, in degrees: 0 north edge, 90 east
command-fw-adjust-status = The unit's status
command-fw-adjust-engaged = Engaged in combat
command-fw-adjust-visible = Can be seen
command-fw-adjust-command = The command to change
command-fw-adjust-order = Its order
command-fw-adjust-objective = Its Objective
command-fw-adjust-target = Its Target
command-fw-adjust-target_side = Whether the Target is enemy or friendly
command-fw-adjust-approach = How to reach the Objective
command-fw-adjust-stage = Which part of the order governs

## The position in words (/game status and its details button)

summary-side = { $seat }: { $in_play } { $in_play ->
        [one] unit
       *[other] units
    } on the battlefield, { $destroyed } destroyed, { $left } driven off.
summary-unit = · { $unit } { $name } ({ $kind }): { $status ->
        [destroyed] destroyed
        [left] driven off the battlefield
       *[other] at ({ $x }, { $y }){ $engaged ->
            [true] , engaged
           *[false] {""}
        }{ $visible ->
            [false] , out of the enemy's sight
           *[true] {""}
        }
    }

## The turn message's button to a player's private controls

controls-button = Your plan

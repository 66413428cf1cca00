# Warhammer 40,000 (10th edition) battle tracker in English.
#
# Values arrive as { $name }; seats, steps, phases, Stratagems, objectives and the other
# names below arrive already worded, with their attributes as { $step_phase } and the like.
# Unit names are the players' own and arrive as they wrote them.

system-title = Warhammer 40,000 battle tracker

## Scenarios

scenario-take-and-hold = Take and Hold
    .summary = Five objectives on a 60x44 table; armies deploy 12 inches deep along the long edges (attacker at y 0-12) and the attacker takes the first turn.

## Sides

seat-attacker = Attacker
seat-defender = Defender

## Steps of a turn (`.phase` names the step as a phase or a step of the Command phase)

step-setup = setup
    .phase = setup
step-command = Command
    .phase = Command step
step-battle-shock = Battle-shock
    .phase = Battle-shock step
step-movement = Movement
    .phase = Movement phase
step-shooting = Shooting
    .phase = Shooting phase
step-charge = Charge
    .phase = Charge phase
step-fight = Fight
    .phase = Fight phase
step-over = end of the battle
    .phase = end of the battle

phase-command = Command phase
phase-movement = Movement phase
phase-shooting = Shooting phase
phase-charge = Charge phase
phase-fight = Fight phase

## Actions, named by the commands players type

action-start_battle = `/wh40k start`
action-next_phase = `/wh40k next`
action-roster = `/wh40k roster`
action-add_unit = `/wh40k addunit`
action-edit_unit = `/wh40k editunit`
action-remove_unit = `/wh40k removeunit`
action-attach = `/wh40k attach`
action-detach = `/wh40k detach`
action-move = `/wh40k move`
action-fall_back = `/wh40k fallback`
action-casualties = `/wh40k casualties`
action-restore = `/wh40k restore`
action-shock_test = `/wh40k shocktest`
action-stratagem = `/wh40k stratagem`
action-gain_cp = `/wh40k gaincp`
action-adjust_cp = `/wh40k adjustcp`
action-adjust_score = `/wh40k adjustscore`
action-adjust_shock = `/wh40k adjustshock`
action-score = `/wh40k score`
action-concede = `/game resign`

## What to do now

prompt-setup = Enter both armies (`/wh40k roster`, `/wh40k addunit`, `/wh40k attach`), deploy them with `/wh40k move`, then begin with `/wh40k start`.
prompt-command = Command step: resolve the other Command-phase rules (`/wh40k gaincp`, `/wh40k shocktest`), then `/wh40k next` opens the Battle-shock step, which names the units that must test before any dice are rolled.
prompt-command-v1 = Command step: resolve the other Command-phase rules (`/wh40k gaincp`, `/wh40k shocktest`), then `/wh40k next` rolls the Battle-shock tests.
prompt-battle-shock = Battle-shock step: { $units } must test. Before the dice, `/wh40k stratagem name:insane-bravery unit:` makes one of them pass without rolling (1 CP, once per battle); `/wh40k shocktest unit:` rolls one test, and `/wh40k next` rolls the rest and goes on to the Movement phase.
prompt-battle-shock-done = Battle-shock step: every test is taken; `/wh40k next` goes on to the Movement phase.
prompt-battle-shock-v1 = Battle-shock step (a battle begun under the earlier rules): Insane Bravery or Command Re-roll (`/wh40k stratagem`) may still answer a failed test; `/wh40k next` goes on to the Movement phase.
prompt-movement = Movement phase: report moves (`/wh40k move`, `/wh40k fallback`), then `/wh40k next`.
prompt-shooting = Shooting phase: report casualties (`/wh40k casualties`), then `/wh40k next`.
prompt-charge = Charge phase: report charge moves and casualties, then `/wh40k next`.
prompt-fight = Fight phase: report casualties and scores (`/wh40k score`); `/wh40k next` ends the turn.
prompt-fight-last = Last Fight phase: report the final scores (`/wh40k score`); `/wh40k next` ends the battle.
prompt-over = The battle is over.

## What happened

event-roll-off = Roll-off for the first turn: Attacker rolled { $attacker }, Defender { $defender }; { $winner } goes first.
event-battle-started = The battle begins; { $first } takes the first turn.
event-phase-began = Round { $round }: { $seat }'s { $step_phase } begins.
event-command-points-gained = { $side } gains { $amount } CP ({ $source }) and now has { $cp }.
event-command-points-set = The referee sets { $side }'s CP to { $cp }.
event-battle-shock-ended = { $name } is no longer Battle-shocked.
event-battle-shock-test-required = { $name } must test for being below its Starting Strength{ $reason ->
        [none] {""}
       *[other] { " " }({ $reason })
    }.
event-battle-shock-tests-due = Battle-shock tests to take: { $names }.
event-battle-shock-test-rolled = { $name } takes a Battle-shock test ({ $cause }{ $reason ->
        [none] {""}
       *[other] : { $reason }
    }): rolled { $dice } = { $total } against Leadership { $leadership }+, { $passed ->
        [true] and passes.
       *[other] fails and is Battle-shocked.
    }
event-battle-shock-test-overturned = Insane Bravery: { $name } passes its Battle-shock test after all.
event-battle-shock-test-auto-passed = Insane Bravery: { $name } passes its Battle-shock test without rolling.
event-battle-shock-set = The referee { $shocked ->
        [true] makes { $name } Battle-shocked.
       *[other] clears Battle-shock from { $name }.
    }
event-stratagem-used = { $side } uses { $stratagem }{ $unit ->
        [none] {""}
       *[other] { " " }on { $unit }
    } for { $cost } CP ({ $cp } left).
event-fell-back = { $name } Falls Back.
event-desperate-escape-rolled = Desperate Escape for { $name }: rolled { $dice }; { $lost ->
        [0] no model lost.
        [one] one model lost.
       *[other] { $lost } models lost.
    }
event-models-destroyed = { $name } loses { $models ->
        [one] one model
       *[other] { $models } models
    }; { $remaining } left.
event-wounds-lost = { $name } loses { $wounds ->
        [one] one wound
       *[other] { $wounds } wounds
    }, { $models ->
        [0] destroying no model
        [one] destroying one model
       *[other] destroying { $models } models
    }; { $remaining } left.
event-models-restored = { $name } regains { $models ->
        [one] one model
       *[other] { $models } models
    } and { $wounds ->
        [one] one wound
       *[other] { $wounds } wounds
    }; { $remaining } now.
event-unit-destroyed = { $name } ({ $side }) is destroyed{ $attached_to ->
        [none] {""}
       *[other] { " " }(part of an attached unit with { $attached_to })
    }.
event-starting-strength-changed = { $name }'s Starting Strength returns from { $was } to { $now }.
event-below-half-strength-changed = { $name } is { $below ->
        [true] now
       *[other] no longer
    } Below Half-strength.
event-unit-moved = { $name } { $arrived ->
        [true] arrives from Reserves at
       *[other] moves to
    } ({ $x }", { $y }").
event-objective-control-changed = Objective { $objective } ({ $label }): { $holder ->
        [none] { $contested ->
            [true] contested
           *[other] held by nobody
        }
       *[other] held by { $holder }
    } (OC: Attacker { $attacker_oc }, Defender { $defender_oc }).
event-victory-points-scored = { $side } scores { $primary } primary and { $secondary } secondary VP in round { $round }; { $total } VP in all.
event-unit-added = { $side } adds { $unit } { $name } ({ $models ->
        [one] one model
       *[other] { $models } models
    }).
event-unit-edited = { $unit } { $name } edited: { $fields }.
event-unit-removed = { $unit } { $name } is removed from the army.
event-roster-loaded = { $side } loads { $name ->
        [none] a roster
       *[other] the roster “{ $name }”
    }: { $units }.
event-unit-attached = { $leader } joins { $bodyguard } as its Leader: { $name }.
event-unit-detached = { $leader } leaves { $bodyguard }.
event-conceded = { $side } concedes.
event-battle-ended = The battle is over: { $reason }.

## Why a battle ended

outcome-conceded = { $seat } conceded
outcome-won = { $seat } won after { $rounds } battle rounds, { $attacker_vp } VP to { $defender_vp } VP
outcome-draw = a draw after { $rounds } battle rounds, { $attacker_vp } VP to { $defender_vp } VP

## Names used in events and refusals

cp-source-command-phase = Command phase
cp-source-other-rule = another rule

cause-below-half-strength = Below Half-strength
cause-below-starting-strength = below Starting Strength
cause-re-roll = re-roll
cause-demanded = demanded by a rule

field-name = name
field-models = models
field-wounds = wounds
field-leadership = Leadership
field-oc = OC
field-keywords = keywords
field-reserves = Reserves

objective-attacker-home = Attacker home
objective-west-flank = West flank
objective-centre = Centre
objective-east-flank = East flank
objective-defender-home = Defender home

## Stratagems (names and summaries in our own words)

stratagem-command-re-roll = Command Re-roll
    .summary = Roll again one hit, wound, damage, saving, Advance, Charge, Desperate Escape or Hazardous roll, or the dice for a number of attacks; never a Battle-shock test.
stratagem-counter-offensive = Counter-offensive
    .summary = Right after an enemy unit has fought, one of your units that has not fought yet fights next.
stratagem-epic-challenge = Epic Challenge
    .summary = When a CHARACTER of yours is picked to fight, its melee attacks gain Precision.
stratagem-insane-bravery = Insane Bravery
    .summary = Just before one of your units takes a Battle-shock test, it passes it without a roll. Once per battle.
stratagem-grenade = Grenade
    .summary = A GRENADES unit that is not in combat throws at an enemy within 8 inches: six dice, each 4+ is a mortal wound.
stratagem-tank-shock = Tank Shock
    .summary = A VEHICLE that has just ended a charge rams an enemy in engagement range, rolling dice for mortal wounds.
stratagem-rapid-ingress = Rapid Ingress
    .summary = At the end of your opponent's Movement phase, a unit in Reserves arrives as if it were your own Movement phase.
stratagem-fire-overwatch = Fire Overwatch
    .summary = When an enemy unit moves or charges nearby, one of your units shoots at it, hitting only on 6s.
stratagem-go-to-ground = Go to Ground
    .summary = An INFANTRY unit targeted by an attack gains a 6+ invulnerable save and the benefit of cover.
stratagem-smokescreen = Smokescreen
    .summary = A SMOKE unit targeted by an attack gains cover and Stealth.
stratagem-heroic-intervention = Heroic Intervention
    .summary = After an enemy unit ends a charge move nearby, one of your units charges it in turn.

## Refusals

refusal-not-a-side = Only the Attacker and the Defender can act in this battle.
refusal-no-scenario = There is no 40k scenario called { $scenario }.
refusal-no-unit = There is no unit called { $unit }; use a unit id such as U3.
refusal-ambiguous-unit = More than one unit is called { $unit }; use its id ({ $ids }).
refusal-not-your-unit = { $unit } { $name } belongs to { $side }.
refusal-unit-destroyed = { $unit } { $name } has been destroyed.
refusal-x-and-y = Give both x and y (inches from the bottom-left corner).
refusal-off-the-table = ({ $x }", { $y }") is off the { $width }" x { $height }" table.
refusal-army-empty = { $side } has no units yet.
refusal-unit-needs-a-name = A unit needs a name.
refusal-edit-nothing = Name at least one thing to change.
refusal-leader-stays-character = { $name } leads a unit, so it must stay a CHARACTER.
refusal-bodyguard-not-character = { $name } has a Leader, so it cannot be a CHARACTER.
refusal-not-a-character = { $name } is not a CHARACTER, so it cannot lead.
refusal-cannot-lead = { $name } cannot lead { $bodyguard }.
refusal-two-leaders = { $bodyguard } is given more Leaders than it may take ({ $limit }).
refusal-already-leads = { $name } already leads { $bodyguard }.
refusal-bodyguard-is-character = { $name } is a CHARACTER and cannot be a Bodyguard.
refusal-already-led = { $name } is already led by { $leader } and may take { $limit ->
        [one] one Leader
       *[other] { $limit } Leaders
    }.
refusal-not-leading = { $name } is not leading any unit.
refusal-fall-back-step = Units Fall Back in the Movement phase; it is now the { $step_phase }.
refusal-in-reserves = { $name } is in Reserves, not on the battlefield.
refusal-nothing-lost = Report at least one model or one wound lost.
refusal-too-many-models = { $name } has only { $models ->
        [one] one model
       *[other] { $models } models
    } left.
refusal-nothing-restored = Report at least one model or one wound given back.
refusal-past-starting-strength = { $name } started with { $starting_strength ->
        [one] one model
       *[other] { $starting_strength } models
    } and cannot grow past that.
refusal-test-not-active = Only { $side }'s units test in this Command phase.
refusal-no-models-lost = { $name } has not lost any models.
refusal-test-already-called = { $name } is already called on to test.
refusal-cp-cap = Beyond the Command-phase CP a player gains at most { $limit } CP a battle round; you have already gained { $gained } this round.
refusal-no-stratagem = There is no Stratagem called { $name }; the Stratagems are: { $known }.
refusal-stratagem-timing = { $stratagem } is used in { $turn ->
        [own] your own
        [opponent] your opponent's
       *[either] either player's
    } { $phases }{ $only ->
        [none] {""}
       *[other] { " " }({ $only_phase })
    }; it is now { $seat }'s { $step_phase }.
refusal-stratagem-once-per-battle = { $stratagem } may be used once per battle.
refusal-stratagem-once-per-phase = You have already used { $stratagem } in this phase.
refusal-stratagem-cost = { $stratagem } costs { $cost } CP and you have { $cp }.
refusal-stratagem-needs-unit = Name the unit { $stratagem } is used on.
refusal-stratagem-no-unit = { $stratagem } is not used on a unit.
refusal-stratagem-needs-reserves = { $stratagem } needs a unit in Reserves.
refusal-stratagem-keyword = { $stratagem } needs a { $keyword } unit.
refusal-no-failed-test = { $name } has not failed a Battle-shock test in this step.
refusal-no-test-due = { $name } has no Battle-shock test to take now: Insane Bravery is used in your battle-shock step, just before a test the step names.
refusal-shocked-no-stratagems = { $name } is Battle-shocked: you cannot use Stratagems on it.
refusal-score-nothing = Report some primary or secondary points.
refusal-score-below-zero = A round's score cannot drop below zero.
refusal-primary-cap = At most { $limit } primary points can be scored (this would make { $total }).
refusal-score-per-round = This scenario scores at most { $limit } { $kind ->
        [primary] primary
       *[other] secondary
    } points a side in one battle round (this would make { $total }). If the table really scored them, a referee records them with `/wh40k adjustscore`.
refusal-secondary-cap = At most { $limit } secondary points can be scored (this would make { $total }).

## Roster files that cannot be read

refusal-roster-too-large = The roster has { $chars } characters; at most { $limit } are read.
refusal-roster-too-many-lines = The roster has { $lines } lines; at most { $limit } are read.
refusal-roster-line-too-dotted = Line { $line } of the roster has more than { $limit } dots.
refusal-roster-syntax = The roster is not valid TOML{ $line ->
        [none] {""}
       *[other] { " " }(line { $line }, column { $column })
    }.
refusal-roster-too-deep = The roster nests lists or tables too deeply.
refusal-roster-too-many-items = The roster holds more than { $limit } entries.
refusal-roster-entry = { $entry ->
        [none] The roster
       *[other] Unit { $entry } of the roster
    } has a bad entry: { $problem }
input-roster-duplicate-key = Two units share the key { $key }.
input-roster-unknown-leads = { $name } leads { $leads }, which is no unit's key.
input-tuple-type = `{ $field }` must be a list.
input-model-type = `{ $field }` must be a table of a unit's values.

## The board

panel-title = Warhammer 40,000: { $scenario }
panel-setup = Setup: the armies are being mustered
panel-over = Battle over: { $reason }
panel-round = Battle round { $round } of { $last }
panel-turn = { $seat }'s turn: { $step_phase }
panel-side = { $seat }: { $cp } CP, { $vp } VP (primary { $primary }, secondary { $secondary })
panel-reserves = Reserves: { $units }
tag-shocked = SHOCKED
tag-below-half = BELOW HALF

## Autocomplete

suggest-unit = { $unit } { $name } ({ $side }, { $models }/{ $starting }{ $destroyed ->
        [true] , destroyed
       *[other] {""}
    })
suggest-stratagem = { $stratagem } ({ $cost } CP)

## Buttons

button-start-battle = { $first ->
        [roll-off] Start the battle after a roll-off
        [attacker] Start the battle, Attacker first
        [defender] Start the battle, Defender first
       *[other] Start the battle
    }
button-next-phase = { $to ->
        [tests] Roll the Battle-shock tests
        [step] On to { $step }
        [turn] End the turn
        [round] End the battle round
        [battle] End the battle
       *[other] Next phase
    }
button-attach = Attach { $leader } to { $bodyguard }
button-detach = Detach { $leader }
button-move = Move { $unit } to ({ $x }", { $y }")
button-fall-back = { $unit } Falls Back
button-casualties = { $unit } loses { $models ->
        [0] { $wounds ->
            [one] one wound
           *[other] { $wounds } wounds
        }
        [one] one model
       *[other] { $models } models
    }
button-shock-test = Test { $unit } for Battle-shock
button-stratagem = { $name }{ $unit ->
        [none] {""}
       *[other] { " " }on { $unit }
    }
button-gain-cp = { $seat } gains { $amount } CP from { $source } (at most 1 a battle round)
button-score = Score { $primary ->
        [0] { $secondary } secondary VP
       *[other] { $primary } primary VP
    }

## Commands

command-wh40k = Warhammer 40,000 battle tracker
command-wh40k-start = Finish setup and start the battle; without `first:`, the scenario's first player goes first
command-wh40k-start-first = Who takes the first turn; left out, the scenario's first player does, with no roll-off
command-wh40k-next = End this phase and go on to the next
command-wh40k-roster = Load your army: a roster TOML, a BattleScribe/New Recruit .ros or .rosz, or the app's text export
command-wh40k-roster-text = The roster file
command-wh40k-addunit = Add a unit to your army before the battle
command-wh40k-addunit-name = The unit's name
command-wh40k-addunit-models = How many models
command-wh40k-addunit-wounds = Wounds per model
command-wh40k-addunit-leadership = Leadership, e.g. 6+
command-wh40k-addunit-oc = Objective Control per model
command-wh40k-addunit-keywords = Keywords, comma separated
command-wh40k-addunit-reserves = Starts in Reserves
command-wh40k-editunit = Change a unit before the battle
command-wh40k-editunit-unit = The unit (id or name)
command-wh40k-editunit-name = New name
command-wh40k-editunit-models = How many models
command-wh40k-editunit-wounds = Wounds per model
command-wh40k-editunit-leadership = Leadership, e.g. 6+
command-wh40k-editunit-oc = Objective Control per model
command-wh40k-editunit-keywords = Keywords, comma separated
command-wh40k-editunit-reserves = Starts in Reserves
command-wh40k-removeunit = Remove a unit before the battle
command-wh40k-removeunit-unit = The unit (id or name)
command-wh40k-attach = Attach a Leader to a Bodyguard unit
command-wh40k-attach-leader = The Leader unit
command-wh40k-attach-bodyguard = The Bodyguard unit
command-wh40k-detach = Detach a Leader before the battle
command-wh40k-detach-leader = The Leader unit
command-wh40k-move = Report where a unit now stands
command-wh40k-move-unit = The unit (id or name)
command-wh40k-move-x = Inches from the left edge (0-60)
command-wh40k-move-y = Inches from the bottom edge (0-44)
command-wh40k-fallback = Fall Back with a unit (Battle-shocked units test each model)
command-wh40k-fallback-unit = The unit (id or name)
command-wh40k-fallback-x = Inches from the left edge (0-60)
command-wh40k-fallback-y = Inches from the bottom edge (0-44)
command-wh40k-fallback-first = Which part loses models first
command-wh40k-casualties = Report models lost or wounds taken
command-wh40k-casualties-unit = The unit (id or name)
command-wh40k-casualties-models = Models destroyed
command-wh40k-casualties-wounds = Wounds taken (not destroying a model)
command-wh40k-restore = Give back models or wounds reported by mistake
command-wh40k-restore-unit = The unit (id or name)
command-wh40k-restore-models = Models to return
command-wh40k-restore-wounds = Wounds to heal
command-wh40k-shocktest = Take a Battle-shock test a rule demands, or one the Battle-shock step names
command-wh40k-shocktest-unit = The unit (id or name)
command-wh40k-shocktest-reason = The rule that demands it
command-wh40k-stratagem = Use a Stratagem (costs CP)
command-wh40k-stratagem-name = The Stratagem
command-wh40k-stratagem-unit = The unit it targets
command-wh40k-gaincp = Gain CP from another rule (at most 1 a battle round)
command-wh40k-gaincp-amount = How many CP
command-wh40k-gaincp-source = Which rule grants it
command-wh40k-score = Record victory points scored this round
command-wh40k-score-primary = Primary VP
command-wh40k-score-secondary = Secondary VP
command-wh40k-adjustcp = Referee: set a side's CP
command-wh40k-adjustcp-side = The side
command-wh40k-adjustcp-cp = Its CP
command-wh40k-adjustscore = Referee: add VP to a side this round beyond the per-round limits
command-wh40k-adjustscore-side = The side
command-wh40k-adjustscore-primary = Primary VP to add (negative takes away)
command-wh40k-adjustscore-secondary = Secondary VP to add (negative takes away)
command-wh40k-adjustshock = Referee: set or clear Battle-shock on a unit
command-wh40k-adjustshock-unit = The unit (id or name)
command-wh40k-adjustshock-shocked = Whether the unit is Battle-shocked


## The position in words (/game status and its details button)

summary-round = Battle round { $round } of { $last }: { $seat }'s { $step_phase }.
summary-side = { $seat }: { $cp } CP, { $vp } VP; { $units } { $units ->
        [one] unit
       *[other] units
    } in play, { $destroyed } destroyed{ $below ->
        [none] {""}
       *[other] ; Below Half-strength: { $below }
    }{ $shocked ->
        [none] {""}
       *[other] ; Battle-shocked: { $shocked }
    }.
summary-unit = · { $unit } { $name }: { $strength ->
        [one] {""}
       *[other] { $models } of { $strength } models
    }{ $hurt ->
        [none] {""}
       *[other] { $strength ->
            [one] {""}
           *[other] ,{" "}
        }{ $hurt } has { $left } of { $wounds } wounds left
    }{ $below ->
        [true] , Below Half-strength
       *[false] {""}
    }{ $shocked ->
        [true] , Battle-shocked
       *[false] {""}
    }{ $reserves ->
        [true] , in Reserves
       *[false] {""}
    }
summary-objective = { $marker } { $objective } { $holder ->
        [none] { $contested ->
            [true] (contested)
           *[false] (nobody)
        }
       *[other] ({ $holder })
    }
summary-objectives = Objectives: { $objectives }.

# --- rosters from list builders (.ros, .rosz, the app's text export) ---
command-wh40k-roster-datasheets = Datasheets (a BSData .cat or a TOML) for units of an app export this server lacks
preview-roster = Roster { $name ->
        [none] without a name
       *[other] “{ $name }”
    }: { $units } { $units ->
        [one] unit
       *[other] units
    }, { $models } { $models ->
        [one] model
       *[other] models
    }{ $points ->
        [none] {""}
       *[other] , { $points } points
    }.
preview-roster-unit = • { $name }{ $points ->
        [none] {""}
       *[other] {" "}({ $points } points)
    }{ $warlord ->
        [true] , Warlord
       *[other] {""}
    }: { $models } { $models ->
        [one] model
       *[other] models
    }{ $wounds ->
        [none] {""}
       *[other] , W { $wounds }, Ld { $leadership }+, OC { $oc }
    }{ $leads ->
        [none] {""}
       *[other] , leads { $leads }
    }{ $reserves ->
        [true] , in Reserves
       *[other] {""}
    }
preview-roster-profile = {"    "}◦ { $name }: { $models } { $models ->
        [one] model
       *[other] models
    }, W { $wounds }, Ld { $leadership }+, OC { $oc }
input-roster-profiles-count = The models of { $name }'s profiles do not add up to { $models }.
refusal-roster-not-a-roster = The file is not an army we can read: send a roster TOML, a BattleScribe or New Recruit roster (.ros or .rosz), or the official app's text export.
refusal-roster-json = The JSON file is not a roster we can read (New Recruit's JSON export holds a roster with its forces); export the list again from New Recruit, as JSON or as .rosz.
refusal-roster-file-too-large = The roster file is { $kib } KiB; rosters up to { $limit } KiB are read.
refusal-roster-zip = The .rosz file is not a zip archive (its directory cannot be read), so it holds no roster we can find.
refusal-roster-zip-members = The .rosz file holds { $members } { $members ->
        [one] file
       *[other] files
    }, { $rosters } of them { $rosters ->
        [one] a roster
       *[other] rosters
    } (.ros); a .rosz holds exactly one roster.
refusal-roster-zip-size = The .rosz file says its roster “{ $member }” is { $claimed } bytes, but it unzips to { $found } bytes: the file was damaged (cut short or altered). Export it again.
refusal-roster-zip-checksum = The roster “{ $member }” in the .rosz file unzips to the size it claims, but its checksum does not match: the file was damaged. Export it again.
refusal-roster-zip-unreadable = The roster “{ $member }” in the .rosz file cannot be unzipped (its data is damaged or compressed in a way list builders do not use). Export it again.
refusal-roster-zip-ratio = The .rosz file says it unzips to { $found } times its size; a roster compresses about 10 times and more than { $ratio } is refused, so it is not read.
refusal-roster-xml-too-large = The roster unzips to more than { $limit } KiB of XML; it is not read.
refusal-roster-xml-too-many-elements = The roster holds more than { $limit } XML elements; it is not read.
refusal-roster-xml-too-deep = The roster nests its XML more than { $limit } levels deep; it is not read.
refusal-roster-doctype = The roster declares a DOCTYPE (where XML entities live); list builders write none, so it is not read.
refusal-roster-xml = The roster is not well-formed XML (line { $line }: { $detail }).
refusal-roster-other-game = This is a roster for { $game }, not for Warhammer 40,000 (10th edition).
refusal-roster-no-units = The roster holds no units.
refusal-roster-too-many-units = The roster holds more than { $limit } units; at most { $limit } are read.
refusal-roster-leads-nobody = { $name } leads “{ $leads }”, which is no unit of the roster.
refusal-roster-no-profile = { $name } has no unit profile (W, Ld, OC) in the roster.
refusal-roster-model-count = { $name } has { $models } models in the roster; a unit has 1 to 100.
refusal-roster-bad-characteristic = { $name } has { $characteristic } “{ $value }”, which is not a number.
refusal-roster-no-characteristic = { $name }'s profile has no { $characteristic }.
refusal-roster-bad-unit = { $name } cannot be read from the roster (`{ $field }`).
refusal-roster-datasheets-unreadable = The datasheets file cannot be read (`{ $reason }`).
refusal-roster-bad-datasheet = The datasheet of { $name } lacks a number it needs (`models`, `wounds`, `leadership` or `oc`).

## The turn message's button to a player's private controls

controls-button = Your units

## rosters
command-wh40k-roster-points = This game's points limit for each army (checked when you accept)
preview-roster-enhancements = {"    "}◦ Enhancements: { $names }
preview-roster-wargear = {"    "}◦ Wargear: { $names }
preview-leads-title = Which unit does { $leader } lead?
preview-leads = { $leader } leads { $bodyguard }
preview-leads-nobody = { $leader } leads no unit
preview-leads-detail = { $models } { $models ->
        [one] model
       *[other] models
    }{ $points ->
        [none] {""}
       *[other] , { $points } points
    }
refusal-preview-not-a-leader = That unit is not one of this roster's Leaders; choose again from the preview's lists.
refusal-preview-cannot-join = { $name }'s Leader ability does not list that unit; choose one of the units its list offers.

## missions

scenario-burden-of-trust = Burden of Trust
    .summary = The mission pack's Burden of Trust primary on the Crucible of Battle map: markers held outside your own zone score in your turn, and units left guarding them score in your opponent's.
scenario-hidden-supplies = Hidden Supplies
    .summary = The mission pack's Hidden Supplies primary on the Search and Destroy map: held markers score from the second battle round.
scenario-linchpin = Linchpin
    .summary = The mission pack's Linchpin primary on the Tipping Point map: holding the marker in your own zone makes every other marker worth more.
scenario-purge-the-foe = Purge the Foe
    .summary = The mission pack's Purge the Foe primary on the Dawn of War map: destroying units scores at the end of each battle round, held markers in your turn.
scenario-scorched-earth = Scorched Earth
    .summary = The mission pack's Scorched Earth primary on the Hammer and Anvil map: held markers score, and burning the enemy's scores more.
scenario-supply-drop = Supply Drop
    .summary = The mission pack's Supply Drop primary on the Sweeping Engagement map: the markers in No Man's Land are worth more as the others are lost.
scenario-terraform = Terraform
    .summary = The mission pack's Terraform primary on the Hammer and Anvil map: held markers score, terraformed ones a little more.
scenario-the-ritual = The Ritual
    .summary = The mission pack's The Ritual primary on the Dawn of War map: markers raised in No Man's Land score for whoever holds them.
scenario-unexploded-ordnance = Unexploded Ordnance
    .summary = The mission pack's Unexploded Ordnance primary on the Search and Destroy map: held markers score from the second battle round.
primary-take-and-hold = Take and Hold
primary-supply-drop = Supply Drop
primary-linchpin = Linchpin
primary-burden-of-trust = Burden of Trust
primary-purge-the-foe = Purge the Foe
primary-terraform = Terraform
primary-scorched-earth = Scorched Earth
primary-hidden-supplies = Hidden Supplies
primary-the-ritual = The Ritual
primary-unexploded-ordnance = Unexploded Ordnance
deployment-dawn-of-war = Dawn of War
deployment-hammer-and-anvil = Hammer and Anvil
deployment-search-and-destroy = Search and Destroy
deployment-sweeping-engagement = Sweeping Engagement
deployment-crucible-of-battle = Crucible of Battle
deployment-tipping-point = Tipping Point
zone-deployment = { $seat } zone
objective-north-flank = North flank
objective-south-flank = South flank
panel-mission = Mission: { $mission }{ $deployment ->
        [none] {""}
       *[other] {" "}on { $deployment }
    }
refusal-primary-not-now = { $mission } scores no primary points now (battle round { $round }, this turn): report them in a turn where the mission scores them.
refusal-primary-turn-cap = { $mission } gives at most { $limit } primary points in this turn (this would make { $total }).
refusal-mission-too-old = This battle began before missions could be chosen; it keeps its scenario's.
refusal-no-mission = There is no primary mission called `{ $mission }`. Try one of: { $choices }.
refusal-no-deployment = There is no deployment map called `{ $deployment }`. Try one of: { $choices }.
command-wh40k-start-mission = The primary mission to fight (the mission pack's); left out, the scenario's
command-wh40k-start-deployment = The deployment map (zones and objective markers); left out, the scenario's

## appexport: the app's text export for every faction, datasheets a server uploads

command-wh40k-datasheets = This server's datasheets for the app's text export: list, upload or remove
command-wh40k-datasheets-upload = Your faction's BSData catalogue (.cat) or a datasheets TOML, kept on Accept
command-wh40k-datasheets-remove = The upload to forget (its uploader or a moderator may)
refusal-app-missing-datasheets = Nothing was loaded: { $count ->
        [one] one unit of the export has
       *[other] { $count } units of the export have
    } no datasheet here, so their W, Ld and OC are unknown: { $units }. Banneret ships datasheets for a few Space Marine and Ork units only (Games Workshop's are not ours to give away), { $uploaded ->
        [0] and this server has uploaded none.
        [one] and the one upload this server keeps does not have them.
       *[other] and none of the { $uploaded } uploads this server keeps has them.
    } To supply them once for everyone here, download your faction's catalogue (`.cat`) from github.com/BSData/wh40k-10e and send it with `/wh40k datasheets upload:`; or send a datasheets TOML beside this export (`/wh40k roster text: datasheets:`, the fields of `data/wh40k/datasheets/space-marines.toml`).
refusal-datasheets-not-datasheets = The file is not a datasheets file we can read: send a BSData catalogue (.cat) or a datasheets TOML.
refusal-datasheets-field = The datasheets file has a mistake at `{ $field }`{ $name ->
        [none] {""}
       *[other] {" "}(datasheet “{ $name }”)
    }: each datasheet needs a `name` and a `leadership`, and `wounds` and `oc` (or `profiles`), within a datasheet's ranges.
refusal-catalogue-xml-too-large = The catalogue is over { $limit } KiB of XML; it is not read.
refusal-catalogue-xml-too-many-elements = The catalogue holds more than { $limit } XML elements; it is not read.
refusal-catalogue-xml-too-deep = The catalogue nests its XML more than { $limit } levels deep; it is not read.
refusal-catalogue-doctype = The catalogue declares a DOCTYPE (where XML entities live); BSData catalogues have none, so it is not read.
refusal-catalogue-xml = The catalogue is not well-formed XML (line { $line }); download it again.
refusal-catalogue-no-datasheets = The catalogue holds no unit with a profile giving W, LD and OC. Some BSData files only point at a library file: for those factions send the file whose name ends in `Library`.
refusal-catalogue-too-many = The catalogue holds more than { $limit } datasheets; a faction has fewer, so it is not read.
datasheets-preview = Datasheets { $name ->
        [none] without a name
       *[other] “{ $name }”
    }: { $count } { $count ->
        [one] datasheet
       *[other] datasheets
    }, { $leaders } with a Leader ability naming its units.
datasheets-sheet = • { $name }: { $models }{ $most ->
        [none] {""}
       *[other] –{ $most }
    } { $most ->
        [none] { $models ->
            [one] model
           *[other] models
        }
       *[other] models
    }{ $wounds ->
        [none] {""}
       *[other] , W { $wounds }, Ld { $leadership }+, OC { $oc }
    }{ $leads ->
        [none] {""}
       *[other] ; leads { $leads }
    }

# Command & Colors: Samurai Battles in English.
#
# The rules (rules/samurai) hand over data; every word of the system is here. Values
# arrive as { $name }: piece ids (U3, L1) and hex names (E5) as they are, numbers as
# numbers, names the catalogue gives (a seat, a card, a die face, a unit type...)
# already worded, with their attributes as { $name_attribute } ({ $kind_unit }).
# Booleans arrive as "true" or "false", a missing value as "none".

system-title = Command & Colors: Samurai Battles

## Scenarios

scenario-open-field = Open Field Skirmish
    .summary = Five units a side on open ground, first to three banners: a quick game to learn orders and leaders.
scenario-river-crossing = River Crossing
    .summary = Takeda horsemen must force one of three fords against Uesugi foot holding the far bank.
scenario-sekigahara-ridge = Sekigahara Ridge
    .summary = Two balanced armies close on a ridge of hills at the centre; woods guard both flanks.
scenario-first-samurai-skirmish = First Samurai Skirmish
    .summary = The scenario book's first battle: two like armies of ashigaru, samurai and leaders among hills and woods, first to five banners.
scenario-kawanakajima-1561-vanguard = Kawanakajima 1561, Phase 1: the Uesugi Vanguard
    .summary = Uesugi horsemen and spears strike the Takeda vanguard that crossed the river; five banners win.
scenario-kawanakajima-1561-kansuke = Kawanakajima 1561, Phase 2: Kansuke's Charge
    .summary = The Uesugi line rotates fresh troops forward while the Takeda wings hold; five banners win.

## Sides

seat-red = Red
seat-blue = Blue
seat-takeda = Takeda
seat-uesugi = Uesugi
seat-yellow = Yellow
seat-black = Black
seat-white = White
seat-oda = Oda
seat-tokugawa = Tokugawa
seat-imagawa = Imagawa
seat-hojo = Hojo
seat-mori = Mori
seat-shimazu = Shimazu
seat-date = Date
seat-asakura = Asakura
seat-azai = Azai
seat-toyotomi = Toyotomi
seat-ishida = Ishida

## Steps of a turn and the actions open in them

step-card = command card
step-orders = orders
step-moves = movement
step-battles = battles
step-retreat = retreat
step-momentum = gaining ground
step-keep = card choice
step-over = game over

action-play = `/samurai play`
action-order = `/samurai order`
action-move = `/samurai move`
action-battle = `/samurai battle`
action-retreat = `/samurai retreat`
action-gain = `/samurai gain`
action-hold = `/samurai hold`
action-keep = `/samurai keep`
action-end_turn = `/samurai endturn`
action-adjust = `/samurai adjust`
action-adjust_cards = `/samurai adjustcards`

## Command cards (as printed on the cards)

card-order-one-left = Order One Unit Left
card-order-one-center = Order One Unit Center
card-order-one-right = Order One Unit Right
card-order-two-left = Order Two Units Left
card-order-two-center = Order Two Units Center
card-order-two-right = Order Two Units Right
card-order-three-left = Order Three Units Left
card-order-three-center = Order Three Units Center
card-order-three-right = Order Three Units Right
card-advance-left = Advance Left
card-advance-center = Advance Center
card-advance-right = Advance Right
card-shogun = Shogun
card-cavalry-charge = Cavalry Charge

## Units, terrain, dice

unit-ashigaru-spear = Ashigaru Spear
unit-ashigaru-bow = Ashigaru Bow
unit-ashigaru-arquebus = Ashigaru Arquebus
unit-samurai-infantry = Samurai Infantry
unit-samurai-bow = Samurai Bow
unit-samurai-cavalry = Samurai Cavalry
unit-mounted-bow = Mounted Samurai Bow
unit-foot-leader = Leader on Foot
unit-mounted-leader = Mounted Leader

terrain-hill = hill
    .a = a hill
terrain-forest = forest
    .a = a forest
terrain-village = village
    .a = a village
terrain-river = river
    .a = a river
terrain-ford = ford
    .a = a ford

face-circle = circle
face-triangle = triangle
face-square = square
face-flag = flag
face-sword = sword
face-honor = honor

standard-circle = circle
standard-triangle = triangle
standard-square = square

kind-infantry = infantry
    .unit = an infantry unit
    .leader = a leader on foot
kind-cavalry = cavalry
    .unit = a cavalry unit
    .leader = a mounted leader

section-left = left
section-center = center
section-right = right

## What a card orders: a section, a standard, a kind of unit, or any piece

# As the seat holding the card reads it (the top seat's left is the board's right).
slot-section = your { $own } section{ $turned ->
        [true] { " " }(the board's { $board })
       *[false] {""}
    }
# As everyone reads it: the board's section, and the seat's own name for it.
slot-section-public = the board's { $board } section{ $turned ->
        [true] { " " }({ $seat }'s { $own })
       *[false] {""}
    }
slot-standard = a { $standard } unit
slot-kind = { $kind_unit } anywhere
slot-any = any unit or leader

piece-unit = a { $standard } { $kind } unit
piece-leader = { $kind_leader }

## What happened

event-card-played = { $seat } plays { $card }.
event-orders-lost = { $seat } loses { $count ->
        [one] an order
       *[other] { $count } orders
    } for { $where }: no piece can take { $count ->
        [one] it
       *[other] them
    }.
event-shogun-rolled = { $seat } rolls for the Shogun: { $faces } ({ $orders ->
        [one] one order
       *[other] { $orders } orders
    }, { $tokens ->
        [one] one token
       *[other] { $tokens } tokens
    }).
event-piece-ordered = { $split ->
        [true] { $seat } orders leader { $piece } away from his unit.
       *[false] { $seat } orders { $piece }{ $leader ->
            [none] {""}
           *[other] { " " }with leader { $leader }
        }.
    }
event-nothing-ordered = { $seat } orders nothing this turn.
event-piece-moved = { $piece }{ $leader ->
        [none] {""}
       *[other] { " " }with leader { $leader }
    } moves from { $start } to { $end }.
event-leader-joined = Leader { $leader } joins { $unit }{ $unit_ordered ->
        [true] {""}
       *[false] { " " }({ $unit } stays without an order)
    }.
event-battle-rolled = { $attacker } ({ $start }) { $battle_back ->
        [true] battles back at
       *[false] { $ranged ->
            [true] shoots at
           *[false] battles
        }
    } { $defender } ({ $target }) with { $dice ->
        [one] one die
       *[other] { $dice } dice
    }: { $faces } → { $hits ->
        [one] one hit
       *[other] { $hits } hits
    }{ $flags ->
        [0] {""}
        [one] , one flag
       *[other] , { $flags } flags
    }{ $flags_ignored ->
        [0] {""}
        [one] , one flag ignored
       *[other] , { $flags_ignored } flags ignored
    }{ $swords_ignored ->
        [0] {""}
        [one] , one sword ignored
       *[other] , { $swords_ignored } swords ignored
    }{ $lone_leader ->
        [true] { " " }(a leader alone: only swords count against him)
       *[false] {""}
    }.
event-figures-lost = { $piece } loses { $lost ->
        [one] one figure
       *[other] { $lost } figures
    } ({ $remaining } left).
event-unit-eliminated = { $piece } of { $side } is eliminated on { $hex }: its standard bearer falls.
event-leader-casualty-check = Leader { $leader } ({ $unit }) rolls { $faces } and { $killed ->
        [true] falls
       *[false] survives
    }.
event-banner-won = { $seat } gains a victory banner{ $piece ->
        [none] {""}
       *[other] { " " }for { $piece }
    } ({ $banners }/{ $target }).
event-retreat-pending = { $piece } must retreat { $remaining ->
        [one] one more hex
       *[other] { $remaining } more hexes
    }; { $seat } chooses between { $choices }.
event-escape-pending = Leader { $leader } stands alone and must fall back; { $seat } chooses between { $choices }.
event-leader-escaped = Leader { $leader } falls back from { $start } to { $end }{ $unit ->
        [none] {""}
       *[other] { " " }and joins { $unit }
    }.
event-retreated = { $piece } retreats from { $start } to { $end }.
event-retreat-blocked = { $piece } cannot retreat { $hexes ->
        [one] one hex
       *[other] { $hexes } hexes
    } and takes { $hits ->
        [one] one hit
       *[other] { $hits } hits
    }.
event-ground-gained = { $piece }{ $leader ->
        [none] {""}
       *[other] { " " }with { $leader }
    } gains ground from { $start } into { $end }.
event-ground-held = { $piece } holds on { $hex }{ $bonus ->
        [true] { " " }and battles no more
       *[false] { " " }instead of gaining ground
    }.
event-bonus-battle = { $piece } battles again: a bonus close combat against { $target }.
event-leader-left-battlefield = Leader { $leader } leaves the battlefield from { $hex } across his own edge; nobody gains a banner for him.
event-cards-drawn = { $seat } draws { $count ->
        [one] a card
       *[other] { $count } cards
    }.
event-card-discarded = { $seat } keeps one card and discards { $card }.
event-deck-reshuffled = The command deck is reshuffled ({ $cards ->
        [one] one card
       *[other] { $cards } cards
    }).
event-turn-ended = { $seat } ends the turn; { $next_seat } is next. Victory banners: { $seat } { $banners }, { $next_seat } { $next_banners }. Honor & Fortune tokens: { $seat } { $tokens }, { $next_seat } { $next_tokens }.
event-game-won = { $seat } wins with { $banners } victory banners.
event-adjusted = Referee adjustment: { $change ->
        [figures] { $piece } figures { $before } → { $after }
        [hex] { $piece } moved { $start } → { $end }
        [tokens] { $seat } tokens { $before } → { $after }
        [ordered] { $piece } is given an order this turn{ $leader ->
            [none] {""}
           *[other] { " " }(with { $leader })
        }
        [unordered] { $piece } no longer has an order this turn
       *[banner] { $seat } is granted a victory banner
    }{ $note ->
        [none] {""}
       *[other] { " " }({ $note })
    }.
event-cards-adjusted = Referee adjustment: { $card ->
        [none] { $count ->
            [one] one card
           *[other] { $count } cards
        }
       *[other] { $card }
    } moved from { $origin ->
        [hand] { $seat }'s hand
        [deck] the deck
       *[discard] the discard pile
    } to { $into ->
        [hand] { $seat }'s hand
        [deck] the top of the deck
       *[discard] the discard pile
    }{ $note ->
        [none] {""}
       *[other] { " " }({ $note })
    }.

## What to do now (after the seat's name)

prompt-card = play a command card
prompt-orders = { $count ->
        [0] { $card } gives no order you can use now: order nobody (`none`)
        [one] name the piece to order with { $card }; it orders { $offered }
       *[other] name up to { $count } pieces to order with { $card }; it orders { $offered }
    }
prompt-moves = move ordered pieces, then battle or end the turn
prompt-battles = battle with ordered pieces or end the turn
prompt-retreat = retreat { $piece } from { $hex }, { $remaining ->
        [one] one hex
       *[other] { $remaining } hexes
    } to go: { $choices }
prompt-escape = leader { $leader } on { $hex } falls back 1 to 3 hexes toward your edge: { $choices }
prompt-gain = { $piece } won the close combat: gain ground from { $start } into { $hex } (`/samurai gain`){ $bonus ->
        [true] { " " }and battle again
       *[false] {""}
    }, or stay (`/samurai hold`)
prompt-bonus = { $piece } on { $hex } may battle again in close combat against { $targets } (`/samurai battle`), or stop (`/samurai hold`)
prompt-keep = keep one of the two cards drawn
prompt-over = the game is over: { $seat } won with { $banners } victory banners

outcome-banners = { $banners } victory banners reached

## The board's side panel

panel-title = Samurai Battles: { $scenario }
panel-turn = Turn { $turn } | step: { $step }
panel-prompt = { $seat ->
        [none] { $hint }
       *[other] { $seat }: { $hint }
    }
panel-card = Card: { $card } ({ $seat })
panel-side = { $seat }: banners { $banners }/{ $target } | { $cards ->
        [one] { $cards } card
       *[other] { $cards } cards
    } | { $tokens ->
        [one] { $tokens } token
       *[other] { $tokens } tokens
    }
panel-deck = Deck { $deck } | discards { $discards }

## What only you see

secret-card = { $card } (`{ $id }`)
secret-drawn = Drawn, keep one: { $cards }

## Autocomplete

suggest-card = { $card }
suggest-order-none = `none` (order nothing this turn)
suggest-order = { $pieces } ({ $unit } on { $hex }{ $leader ->
        [none] {""}
       *[other] { " " }with { $leader }
    })
suggest-piece = { $piece } { $unit } on { $hex }
suggest-move-to = { $hex } ({ $pieces })
suggest-retreat-to = { $hex } (retreat)
suggest-target = { $hex } { $piece } { $unit } (by { $by })

## Buttons

button-play = Play { $card }
button-order = { $pieces ->
        [none] Give no orders
       *[other] Order { $pieces }
    }
button-move = Move { $piece } to { $to }
button-battle = Battle { $piece } → { $target }
button-retreat = Retreat to { $to }
button-gain = { $hex ->
        [none] Gain ground
       *[other] Gain ground into { $hex }
    }
button-hold = Stay in place
button-keep = Keep { $card }
button-end-turn = End turn and draw

## Refusals

refusal-hex-name = `{ $text }` is not a hex name: write a column letter and a row, like E5.
refusal-off-board = { $hex } is not on the board: hexes run from A1 to M9, and rows 2, 4, 6 and 8 end at column L.
refusal-unknown-card = There is no command card `{ $text }`: name a card by its name or id (autocomplete lists yours).
refusal-no-such-scenario = There is no scenario `{ $scenario }`; choose one of { $choices }.
refusal-no-such-piece = There is no piece { $piece } on the map. Name pieces by the ids shown on the board, like U3 or L1 (several are separated by spaces).
refusal-enemy-piece = { $piece } belongs to the other side; you can only command your own pieces.
refusal-ordered-twice = Named more than once: { $pieces }. A piece takes at most one order a turn.
refusal-split-needs-helmet = { $leader } is with { $unit }. Ordering him on his own splits him from the unit, and only a card with the helmet symbol (the section cards and the Shogun) allows that; { $card } has none. Order { $unit } instead and { $leader } goes with it for one order.{ $both ->
        [true] { " " }Ordering both { $leader } and { $unit } splits them, which also needs one.
       *[false] {""}
    }
refusal-card-orders-nobody = { $card } has no usable orders this turn (you have no piece where it orders), so order nobody: send an empty order, or `none`.
refusal-not-in-card-orders = { $piece } is { $what } on { $hex }, in { $sections }, but { $card } only orders { $offered }.
refusal-no-order-left = No order left for { $piece }: { $card } gives { $count } for { $where } and you named { $named ->
        [one] one piece that needs one
       *[other] { $named } pieces that need one
    } ({ $takers }).
refusal-card-not-in-hand = { $card } is not in your hand; `/game hand` shows the cards you hold.
refusal-leader-ordered-with-unit = { $leader } was ordered together with { $unit }, so he goes where it goes and fights as part of it: act with { $unit }. To act with { $leader } alone he must be ordered on his own.
refusal-joined-unit-unordered = { $leader } joined { $unit } this turn, but a leader joining a unit does not give it an order: { $unit } may not move or battle.
refusal-not-ordered = { $piece } has no order this turn. Only ordered pieces may move or battle ({ $count ->
        [0] no piece has an order
       *[other] ordered: { $ordered }
    }).
refusal-moved-already = { $piece } has already moved this turn; an ordered piece moves once.
refusal-moved-and-joined = { $leader } already moved and joined { $unit ->
        [none] a unit
       *[other] { $unit }
    }; a leader may not move on again after joining a unit this turn.
refusal-already-there = { $piece } is already on { $hex }.
refusal-impassable = No piece may enter { $hex }: it is { $terrain_a }.
refusal-foot-leader-cavalry = { $leader } is a leader on foot and { $unit } is cavalry: a leader on foot may only be attached to infantry. A mounted leader may lead either.
refusal-unit-has-leader = { $unit } on { $hex } already has a leader ({ $leader }); a unit takes one leader.
refusal-hex-held = { $hex } is held by { $enemy ->
        [true] an enemy
       *[false] a friendly
    } piece ({ $piece }); pieces may not end a move on, or pass through, a hex that holds another piece (only a leader may join a friendly unit).
refusal-too-far = { $piece } ({ $unit }) moves at most { $allowance ->
        [one] one hex
       *[other] { $allowance } hexes
    } and { $hex } is { $distance } away.
refusal-card-move-limit = Under { $card }, { $piece } ({ $unit }) moves at most { $allowance ->
        [one] one hex
       *[other] { $allowance } hexes
    }, and { $hex } is { $distance } away.
refusal-no-path = { $piece } has no free path of { $allowance ->
        [one] one hex
       *[other] { $allowance } hexes or less
    } to { $hex }: other pieces, or terrain that ends a move, are in the way.
refusal-leader-fights-with-unit = { $leader } is with { $unit }, and the two fight as one unit: battle with { $unit }.
refusal-joined-no-battle = { $leader } joined { $unit }, which has no order; joining does not order the unit, so the two may not battle this turn.
refusal-leader-still-with-unit = { $leader } is still with { $unit }, which has no order. He may fight on his own only after moving away from it.
refusal-battled-already = { $piece } has already battled this turn; an ordered piece battles once.
refusal-no-enemy-there = There is no enemy piece on { $hex } to battle.
refusal-close-combat-only = { $piece } ({ $unit }) fights only in close combat, against a hex next to it; { $hex } is { $distance } hexes away.
refusal-no-shooting = Pieces ordered by { $card } may not shoot this turn; { $piece } can only battle a hex next to it.
refusal-out-of-range = { $piece } ({ $unit }) shoots at most { $range } hexes and { $hex } is { $distance } away.
refusal-enemy-adjacent = { $piece } has an enemy next to it ({ $enemy } on { $hex }) and may not shoot; it may battle that enemy in close combat.
refusal-sight-blocked = { $piece } cannot see { $hex }: { $blocker } is in the way (a piece, or terrain that blocks sight).
refusal-not-a-retreat-hex = { $hex } is not a retreat hex for { $piece } on { $start }: choose { $choices } (one free hex toward your own edge of the map).
refusal-not-an-escape-hex = { $hex } is not where { $leader } on { $start } can fall back to: choose { $choices } (1 to 3 hexes toward your own edge, through free hexes, or onto a friendly unit he may lead).
refusal-ground-gained = { $piece } has already gained ground into { $hex }: battle again (`/samurai battle`) or stop (`/samurai hold`).
refusal-gain-first = { $piece } won a close combat: first gain ground into { $hex } (`/samurai gain`) or stay (`/samurai hold`); the next battle comes after.
refusal-bonus-piece = Only { $winner }, which just gained ground, may battle now, not { $piece }; stop (`/samurai hold`) to go on with the other battles.
refusal-bonus-target = { $hex } holds no enemy next to { $piece }: its bonus close combat may target { $targets }.
refusal-entered-no-battle = { $piece } moved onto { $terrain } ({ $hex }) this turn and may not battle until a later turn.
refusal-not-drawn = { $card } is not one of the cards you drew; keep { $choices }.
refusal-adjust-nothing = Say what to change: `figures`, `to` or `order` (with `piece`), `banner`, or `tokens`.
refusal-adjust-needs-piece = Name the `piece` whose figures, hex or order change.
refusal-adjust-orders-when = Orders can be corrected only while the ordered pieces act (moves, battles or a retreat), not at the { $step } step.
refusal-adjust-orders-side = { $piece } is not { $seat }'s, and only { $seat } gives orders this turn.
refusal-adjust-orders-removed = { $piece } leaves the map in this adjustment, so its order cannot change too.
refusal-adjust-already-ordered = { $piece } already acts under an order this turn.
refusal-adjust-not-ordered = { $piece } has no order this turn to take away.
refusal-adjust-cards-same = `origin` and `into` are both { $pile ->
        [hand] the hand
        [deck] the deck
       *[discard] the discard pile
    }: name two different places.
refusal-adjust-cards-whose-hand = Say whose hand: name the `side`.
refusal-adjust-card-not-there = { $card } is not in { $pile ->
        [hand] { $seat }'s hand
        [deck] the deck
       *[discard] the discard pile
    }.
refusal-no-such-seat = { $seat } is not a side in this game (the sides: { $seats }).
refusal-adjust-figures = { $piece } ({ $unit }) has { $figures } of { $full } figures; it cannot change by { $change }.
refusal-adjust-hex-taken = { $hex } is taken; a piece may only be put on a free hex (or a leader on a friendly unit he may lead).
refusal-adjust-whose-tokens = Say whose tokens change: name a `piece` of that side.

## Command help: /samurai

command-samurai = Command & Colors: Samurai Battles
command-samurai-play = Play a command card from your hand
command-samurai-play-card = The card to play
command-samurai-order = Give orders: unit and leader ids, e.g. `U3 L1`
command-samurai-order-pieces = Pieces to order, separated by spaces
command-samurai-move = Move an ordered piece
command-samurai-move-piece = The piece to move
command-samurai-move-to = The hex to move to, e.g. E5
command-samurai-battle = Battle with an ordered piece
command-samurai-battle-piece = The attacking piece
command-samurai-battle-target = The hex attacked, e.g. F6
command-samurai-retreat = Choose where your unit retreats
command-samurai-retreat-to = The hex to retreat to
command-samurai-gain = Gain ground: move the unit that won a close combat into the hex its enemy left
command-samurai-hold = Stay in place instead of gaining ground or battling again
command-samurai-keep = Keep one of the two cards you drew
command-samurai-keep-card = The card to keep
command-samurai-endturn = Finish your moves and battles and draw a card
command-samurai-adjust = Referee: correct the game (figures, position, banners, tokens)
command-samurai-adjust-piece = The piece to change
command-samurai-adjust-figures = Figures to add (negative to remove)
command-samurai-adjust-to = Move the piece to this hex
command-samurai-adjust-banner = Grant a victory banner to this side
command-samurai-adjust-tokens = Honor & Fortune tokens to add to the side (negative to remove)
command-samurai-adjust-note = Why (shown in the log)
command-samurai-adjust-order = Give the piece an order this turn, or take its order away
command-samurai-adjustcards = Referee: move a card between a hand, the deck and the discards (the card stays unnamed)
command-samurai-adjustcards-card = The card to move
command-samurai-adjustcards-origin = Where the card is now
command-samurai-adjustcards-into = Where it goes (into the deck: on top)
command-samurai-adjustcards-side = Whose hand
command-samurai-adjustcards-note = Why (shown in the log)

## The position in words (/game status and its details button)

summary-side = { $seat }: { $banners } of { $target } victory banners, { $tokens } Honor & Fortune { $tokens ->
        [one] token
       *[other] tokens
    }, { $cards } { $cards ->
        [one] card
       *[other] cards
    } in hand; { $units } { $units ->
        [one] unit
       *[other] units
    } and { $leaders } { $leaders ->
        [one] leader
       *[other] leaders
    } on the field.
summary-piece = · { $piece } { $unit } on { $hex } ({ $figures ->
        [one] one figure
       *[other] { $figures } figures
    })
summary-deck = Deck: { $deck } cards left; { $discard } discarded.
summary-turn = This turn { $seat } played { $card }; { $ordered ->
        [none] no piece is ordered yet.
       *[other] ordered: { $ordered }.
    }

## The turn message's button to a player's private controls

controls-button = Your hand

## Honor & Fortune and the Dragon cards (games begun under ruleset 3)

step-react = answer to a close combat
step-reward = end-of-turn choice
action-dragon = `/samurai dragon`
action-inspire = `/samurai inspire`
action-decline = `/samurai decline`
action-seppuku = `/samurai seppuku`
action-reward = `/samurai reward`
action-dragon_discard = `/samurai discarddragon`

dragon-ambush = Ambush
    .text = Play it when your opponent declares a close combat against one of your units, before he rolls: your unit battles first with one extra die; his unit then battles as ordered if it is still there and did not fall back, and yours does not battle back.
dragon-personal-challenge = Personal Challenge
    .text = Play it before a close combat of your ordered unit with a leader against an adjacent enemy unit with a leader: each side rolls a die per command card held (you count the card you played), you add two, the side with more Honor & Fortune adds one, the mounted leader against a foot one adds one. More swords kill the other leader, without a banner, and his side loses a command card at random. Honor & Fortune faces are collected.

event-tokens-changed = { $seat } { $reason ->
        [retreat] pays
        [escape] pays
        [inspire] pays
        [dragon] pays
       *[other] gains
    } { $amount ->
        [one] one Honor & Fortune token
       *[other] { $amount } Honor & Fortune tokens
    } ({ $reason ->
        [start] at the start
        [faces] for Honor & Fortune faces rolled
        [reward] instead of a Dragon card
        [discard] for a Dragon card discarded
        [retreat] for a retreat
        [escape] for a leader falling back
        [inspire] for a leader's inspiration
        [dragon] for a Dragon card
       *[seppuku] for seppuku
    }) and has { $total } now.
event-honor-lacking = { $seat } lacks honor: { $owed ->
        [one] one token
       *[other] { $owed } tokens
    } could not be paid, so { $piece } loses as many figures.
event-dragon-played = { $seat } plays the Dragon card { $card } ({ $cost ->
        [0] free
        [one] one token
       *[other] { $cost } tokens
    }).
event-dragon-drawn = { $seat } draws { $count ->
        [0] no Dragon card (none left)
        [one] a Dragon card
       *[other] { $count } Dragon cards
    }.
event-dragon-discarded = { $seat } discards the Dragon card { $card }.
event-dragon-reshuffled = The Dragon deck is reshuffled ({ $cards ->
        [one] one card
       *[other] { $cards } cards
    }).
event-reaction-offered = { $piece } attacks { $target }: { $seat } may answer before the dice are rolled.
event-reaction-declined = { $seat } lets the close combat go on.
event-inspired = { $leader } inspires { $unit }: one more die in its next close combat.
event-seppuku-committed = { $leader } commits seppuku on { $hex } rather than fall back; the enemy gains no banner.
event-command-card-lost = { $seat } loses { $card }, drawn at random from the hand.
event-challenge-rolled = Personal challenge: { $leader } rolls { $faces }, { $enemy } rolls { $enemy_faces }; { $slain ->
        [none] a tie, nobody falls.
       *[other] { $slain } falls.
    }

prompt-react = answer the close combat: play a Dragon card, inspire the unit attacked, or `/samurai decline`
prompt-reward = end of your turn: draw a Dragon card or take two Honor & Fortune tokens (you may first discard a Dragon card for one token)
prompt-escape-seppuku = leader { $leader } on { $hex } falls back 1 to 3 hexes toward your edge ({ $choices }) or commits seppuku (`/samurai seppuku`)

panel-dragons = { $seat }: { $dragons ->
        [one] { $dragons } Dragon card
       *[other] { $dragons } Dragon cards
    }
secret-dragon = Dragon card: { $card } (`{ $id }`), costs { $cost ->
        [0] nothing
        [one] one token
       *[other] { $cost } tokens
    }
summary-dragons = { $seat } holds { $dragons ->
        [one] one Dragon card
       *[other] { $dragons } Dragon cards
    }.
summary-dragon-deck = Dragon deck: { $deck } cards left; { $discard } discarded.

button-dragon = Play { $card }{ $piece ->
        [none] {""}
       *[other] { " " }({ $piece } → { $target })
    }
button-inspire = Inspire { $piece }
button-decline = Let the battle go on
button-seppuku = Seppuku
button-reward = { $choice ->
        [dragon] Draw a Dragon card
       *[tokens] Take two tokens
    }
button-dragon-discard = Discard { $card } for a token

refusal-not-this-ruleset = This game began before the published Honor & Fortune and Dragon cards (an older ruleset), so it plays without them.
refusal-unknown-dragon = There is no Dragon card called { $text }; the deck holds { $choices }.
refusal-dragon-not-in-hand = { $card } is not among your Dragon cards; `/game hand` shows them.
refusal-dragon-played-already = You have already played a Dragon card this turn: one per player per turn.
refusal-tokens-short = That costs { $cost ->
        [one] one Honor & Fortune token
       *[other] { $cost } Honor & Fortune tokens
    } and you have { $tokens }.
refusal-dragon-timing = { $card } cannot be played now (step: { $step }); its card says when.
refusal-challenge-unit = { $piece } cannot make a Personal Challenge: it must be your ordered unit, with a leader, that has not battled this turn.
refusal-challenge-target = { $piece } cannot challenge { $hex }: the enemy there must be a unit with a leader, next to it, and { $piece } must have a leader.
refusal-inspire-not-your-unit = { $piece } is not one of your units.
refusal-inspire-not-attacked = Only the unit attacked may be inspired now, not { $piece }.
refusal-inspire-not-ordered = { $piece } may be inspired only when it is ordered this turn and has not battled yet.
refusal-inspire-no-enemy = { $piece } has no enemy next to it to fight in close combat.
refusal-inspired-already = { $piece } is already inspired for its next close combat.
refusal-inspire-no-leader = No leader can inspire { $piece }: a leader must be with it, or a mounted leader next to it.
refusal-no-seppuku = Seppuku is open only to a leader who must fall back now.
refusal-dragon-deck-empty = No Dragon card is left to draw; take the two tokens instead.
refusal-discarded-already = You have already discarded a Dragon card for a token this turn.

command-samurai-dragon = Play a Dragon card (paid in Honor & Fortune tokens)
command-samurai-dragon-card = The Dragon card to play
command-samurai-dragon-piece = Your unit it names, when it names one
command-samurai-dragon-target = The enemy hex it names, when it names one
command-samurai-inspire = Spend a token: a leader gives a unit one more die in its next close combat
command-samurai-inspire-piece = The unit inspired
command-samurai-decline = Let the opponent's close combat go on without answering it
command-samurai-seppuku = Your leader who must fall back commits seppuku instead
command-samurai-reward = End of your turn: a Dragon card or two Honor & Fortune tokens
command-samurai-reward-choice = dragon (draw a Dragon card) or tokens (take two)
command-samurai-discarddragon = End of your turn: discard a Dragon card for one token
command-samurai-discarddragon-card = The Dragon card to discard

## Scenarios of your own (rules/samurai/authoring.py): what is wrong, and where

refusal-scenario-toml-too-large = The scenario has { $chars } characters; at most { $limit } are read.
refusal-scenario-toml-too-many-lines = The scenario has { $lines } lines; at most { $limit } are read.
refusal-scenario-toml-line-too-dotted = Line { $line } of the scenario has more than { $limit } dots.
refusal-scenario-toml-syntax = The scenario is not valid TOML{ $line ->
        [none] {""}
       *[other] { " " }(line { $line }, column { $column })
    }.
refusal-scenario-toml-too-deep = The scenario nests lists or tables too deeply.
refusal-scenario-toml-too-many-items = The scenario holds more than { $limit } entries.
refusal-scenario-not-table = { $line ->
        [none] In `{ $field }`
       *[other] Line { $line }, `{ $field }`
    }: this should be a table of fields: a `[[side]]`, a `[[piece]]`, or a terrain entry with its hex and kind.
refusal-scenario-unknown-field = { $line ->
        [none] In `{ $field }`
       *[other] Line { $line }, `{ $field }`
    }: this field is not part of a scenario; see `docs/scenarios.md` for the fields each table takes.
refusal-scenario-not-number = { $line ->
        [none] In `{ $field }`
       *[other] Line { $line }, `{ $field }`
    }: this should be a whole number.
refusal-scenario-not-text = { $line ->
        [none] In `{ $field }`
       *[other] Line { $line }, `{ $field }`
    }: this should be text in quotes (at most 300 characters for `source`).
refusal-scenario-missing = { $line ->
        [none] In `{ $field }`
       *[other] Line { $line }, `{ $field }`
    }: this field is missing.
refusal-scenario-not-list = { $line ->
        [none] In `{ $field }`
       *[other] Line { $line }, `{ $field }`
    }: this should be a list of tables.
refusal-scenario-count = { $line ->
        [none] In `{ $field }`
       *[other] Line { $line }, `{ $field }`
    }: { $count ->
        [one] there is 1 entry
       *[other] there are { $count } entries
    }; from { $low } to { $high } are allowed.
refusal-scenario-sides = { $line ->
        [none] In `{ $field }`
       *[other] Line { $line }, `{ $field }`
    }: a scenario has exactly two sides, one `[[side]]` table for each; this file has { $count }.
refusal-scenario-number = { $line ->
        [none] In `{ $field }`
       *[other] Line { $line }, `{ $field }`
    }: { $value } is out of range; use a number from { $low } to { $high }.
refusal-scenario-hex = { $line ->
        [none] In `{ $field }`
       *[other] Line { $line }, `{ $field }`
    }: `{ $value }` is not a hex on the board (columns A to M, rows 1 to 9; the even rows stop at L).
refusal-scenario-name = { $line ->
        [none] In `{ $field }`
       *[other] Line { $line }, `{ $field }`
    }: `{ $value }` is not a usable name: lower-case letters, digits and dashes for names (piece ids: a letter, then letters or digits, at most 8).
refusal-scenario-title = { $line ->
        [none] In `{ $field }`
       *[other] Line { $line }, `{ $field }`
    }: the title must be 1 to 60 characters of letters, digits, spaces and plain punctuation (no markup or mentions).
refusal-scenario-seat = { $line ->
        [none] In `{ $field }`
       *[other] Line { $line }, `{ $field }`
    }: `{ $value }` is not a side name Banneret knows; choose one of { $choices }.
refusal-scenario-seat-twice = { $line ->
        [none] In `{ $field }`
       *[other] Line { $line }, `{ $field }`
    }: the side `{ $value }` is named twice; the two sides need different names.
refusal-scenario-colour = { $line ->
        [none] In `{ $field }`
       *[other] Line { $line }, `{ $field }`
    }: `{ $value }` is not a colour; write it as #RRGGBB, e.g. #b03a2e.
refusal-scenario-edge = { $line ->
        [none] In `{ $field }`
       *[other] Line { $line }, `{ $field }`
    }: `{ $value }` is not a free edge: one side takes `top` and the other `bottom`.
refusal-scenario-terrain-kind = { $line ->
        [none] In `{ $field }`
       *[other] Line { $line }, `{ $field }`
    }: `{ $value }` is not a terrain kind; use { $choices }.
refusal-scenario-terrain-twice = { $line ->
        [none] In `{ $field }`
       *[other] Line { $line }, `{ $field }`
    }: hex { $value } already has terrain; one kind per hex.
refusal-scenario-no-such-side = { $line ->
        [none] In `{ $field }`
       *[other] Line { $line }, `{ $field }`
    }: `{ $value }` is not one of the scenario's sides ({ $choices }).
refusal-scenario-unit-type = { $line ->
        [none] In `{ $field }`
       *[other] Line { $line }, `{ $field }`
    }: `{ $value }` is not a unit type; use { $choices }.
refusal-scenario-id-twice = { $line ->
        [none] In `{ $field }`
       *[other] Line { $line }, `{ $field }`
    }: the piece id `{ $value }` is used twice.
refusal-scenario-impassable = { $line ->
        [none] In `{ $field }`
       *[other] Line { $line }, `{ $field }`
    }: { $value } is { $kind }, where no piece may stand.
refusal-scenario-hex-taken = { $line ->
        [none] In `{ $field }`
       *[other] Line { $line }, `{ $field }`
    }: { $value } already holds piece { $other } of the same kind: a hex takes one unit and one leader at most.
refusal-scenario-leader = { $line ->
        [none] In `{ $field }`
       *[other] Line { $line }, `{ $field }`
    }: the leader on { $value } cannot lead piece { $other } there: a leader stays with a unit of his own side, and a foot leader with infantry only.
refusal-scenario-side-empty = { $line ->
        [none] In `{ $field }`
       *[other] Line { $line }, `{ $field }`
    }: the side `{ $value }` has no unit on the map.

command-samurai-scenario = Bring a scenario of your own (a TOML file): see its map first, then Accept
command-samurai-scenario-upload = The scenario file (.toml), as `docs/scenarios.md` describes

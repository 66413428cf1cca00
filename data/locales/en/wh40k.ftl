# Warhammer 40,000 (10th edition) battle tracker in English.

system-title = Warhammer 40,000 battle tracker

## Scenarios

scenario-take-and-hold = Take and Hold
    .summary = Five objectives on a 60x44 table; armies deploy 12 inches deep along the long edges (attacker at y 0-12) and the attacker takes the first turn.

## Sides

seat-attacker = Attacker
seat-defender = Defender

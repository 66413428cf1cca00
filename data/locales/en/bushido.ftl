# Bushido, a Batalha de Sekigahara in English.

system-title = Bushido: the Battle of Sekigahara

## Scenarios

scenario-sekigahara = Sekigahara, 1600
    .summary = Eight troops a side and the two commanders in their camps; the East opens the battle, and nightfall comes after 60 turns.
scenario-skirmish = Skirmish at the Fuwa Barrier
    .summary = Four troops a side on a narrow field; West moves first, and nightfall comes after 30 turns.

## Sides

seat-west = West
seat-east = East

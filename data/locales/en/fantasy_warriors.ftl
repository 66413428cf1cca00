# Fantasy Warriors battle tracker in English.

system-title = Fantasy Warriors battle tracker

## Scenarios

scenario-the-stockade-ford = The Stockade Ford
    .summary = Dwarves from the north and an orc horde from the south fight over a ford, a crossroads, a hill and an old stockade on a 72x48 table; 8 turns, north moves first.

## Sides

seat-north = North
seat-south = South

# Command & Colors: Samurai Battles in English.

system-title = Command & Colors: Samurai Battles

## Scenarios

scenario-open-field = Open Field Skirmish
    .summary = Five units a side on open ground, first to three banners: a quick game to learn orders and leaders.
scenario-river-crossing = River Crossing
    .summary = Takeda horsemen must force one of three fords against Uesugi foot holding the far bank.
scenario-sekigahara-ridge = Sekigahara Ridge
    .summary = Two balanced armies close on a ridge of hills at the centre; woods guard both flanks.

## Sides

seat-red = Red
seat-blue = Blue
seat-takeda = Takeda
seat-uesugi = Uesugi

# Command & Colors: Samurai Battles em português do Brasil.

system-title = Command & Colors: Samurai Battles

## Cenários

scenario-open-field = Escaramuça em Campo Aberto
    .summary = Cinco unidades de cada lado em terreno aberto; vence quem conquistar três bandeiras de vitória: uma partida rápida para aprender ordens e líderes.
scenario-river-crossing = A Travessia do Rio
    .summary = A cavalaria Takeda precisa forçar um dos três vaus contra a infantaria Uesugi que guarda a outra margem.
scenario-sekigahara-ridge = A Crista de Sekigahara
    .summary = Dois exércitos equilibrados se aproximam de uma crista de colinas no centro; bosques protegem os dois flancos.

## Lados

seat-red = Vermelho
    .o = o Vermelho
    .do = do Vermelho
    .ao = ao Vermelho
seat-blue = Azul
    .o = o Azul
    .do = do Azul
    .ao = ao Azul
seat-takeda = Takeda
    .o = Takeda
    .do = de Takeda
    .ao = a Takeda
seat-uesugi = Uesugi
    .o = Uesugi
    .do = de Uesugi
    .ao = a Uesugi

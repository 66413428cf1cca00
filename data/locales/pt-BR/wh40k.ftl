# Warhammer 40,000 (10ª edição), acompanhamento de batalha, em português do Brasil.

system-title = Warhammer 40,000: acompanhamento de batalha

## Cenários

scenario-take-and-hold = Tomar e Manter
    .summary = Cinco objetivos numa mesa de 60x44; os exércitos se posicionam a até 12 polegadas das bordas longas (o Atacante em y 0-12), e o Atacante joga o primeiro turno.

## Lados

seat-attacker = Atacante
    .o = o Atacante
    .do = do Atacante
    .ao = ao Atacante
seat-defender = Defensor
    .o = o Defensor
    .do = do Defensor
    .ao = ao Defensor

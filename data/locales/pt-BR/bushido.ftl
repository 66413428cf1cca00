# Bushido, a Batalha de Sekigahara em português do Brasil.

system-title = Bushido, a Batalha de Sekigahara

## Cenários

scenario-sekigahara = Sekigahara, 1600
    .summary = Oito tropas de cada lado e os dois comandantes nos seus acampamentos; o Leste abre a batalha, e a noite cai depois de 60 turnos.
scenario-skirmish = Escaramuça na Barreira de Fuwa
    .summary = Quatro tropas de cada lado num campo estreito; o Oeste joga primeiro, e a noite cai depois de 30 turnos.

## Lados

seat-west = Oeste
    .o = o Oeste
    .do = do Oeste
    .ao = ao Oeste
seat-east = Leste
    .o = o Leste
    .do = do Leste
    .ao = ao Leste

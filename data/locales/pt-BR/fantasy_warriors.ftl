# Fantasy Warriors, acompanhamento de batalha, em português do Brasil.

system-title = Fantasy Warriors: acompanhamento de batalha

## Cenários

scenario-the-stockade-ford = O Vau da Paliçada
    .summary = Anões vindos do norte e uma horda de orcs vinda do sul disputam um vau, uma encruzilhada, uma colina e uma velha paliçada numa mesa de 72x48; 8 turnos, o Norte joga primeiro.

## Lados

seat-north = Norte
    .o = o Norte
    .do = do Norte
    .ao = ao Norte
seat-south = Sul
    .o = o Sul
    .do = do Sul
    .ao = ao Sul

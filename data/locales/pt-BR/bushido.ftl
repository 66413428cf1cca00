# Bushido, a Batalha de Sekigahara, em português do Brasil.
#
# Os valores chegam como { $nome } (veja core.ftl). As identificações das peças (W3, T1,
# ISHIDA, IEYASU) e dos hexágonos (C4) chegam como estão no mapa e nos comandos; um lado,
# um tipo de tropa, a face de uma peça de movimento ou uma seta chegam já traduzidos
# (seat-, troop-, face-, arrow-). Os dois lados são masculinos ("o Oeste", "o Leste"):
# uma frase que começa pelo lado escreve "O { $seat }".
#
# Vocabulário: peça (uma tropa ou o comandante), peça de movimento (a ficha com setas
# debaixo de cada peça), acampamento, comandante, contra-atacar, fugir, colina, anoitecer.

system-title = Bushido, a Batalha de Sekigahara

## Cenários

scenario-sekigahara = Sekigahara, 1600
    .summary = Oito tropas de cada lado e os dois comandantes nos seus acampamentos; o Leste abre a batalha, e a noite cai depois de 60 turnos.
scenario-skirmish = Escaramuça na Barreira de Fuwa
    .summary = Quatro tropas de cada lado em um campo estreito; o Oeste joga primeiro, e a noite cai depois de 30 turnos.

## Lados

seat-west = Oeste
    .o = o Oeste
    .do = do Oeste
    .ao = ao Oeste
seat-east = Leste
    .o = o Leste
    .do = do Leste
    .ao = ao Leste

## As etapas de um turno e as ações que valem nelas

step-turn = movimento ou ataque
step-defend = resposta ao ataque
step-over = fim da batalha
action-move = mover
action-attack = atacar
action-hold = manter as posições
action-flee = fugir
action-counter = contra-atacar
action-adjust = ajustar (só o árbitro)
action-adjust_movement = troca de peça de movimento (só o árbitro)

## Peças, peças de movimento e o campo

troop-ashigaru = Lanceiros ashigaru
troop-samurai = Samurai
troop-kiba = Samurai a cavalo (kiba musha)
troop-mitsunari = Ishida Mitsunari
troop-ieyasu = Tokugawa Ieyasu

# As peças de movimento têm os nomes das formações clássicas: o nome japonês fica, e o
# que ele quer dizer vem entre parênteses.
face-hoshi = Hoshi (ponta de flecha)
face-gyorin = Gyorin (escamas de peixe)
face-kakuyoku = Kakuyoku (asas do grou)
face-engetsu = Engetsu (meia-lua)
face-choda = Choda (serpente longa)
face-hoen = Hoen (canga)
face-koyaku = Koyaku (equilíbrio)
face-gako = Gako (buraco de fechadura)

# As setas são vistas do lado do dono da peça: a frente aponta para o acampamento inimigo.
# Aparecem depois de "setas para" e "uma seta para".
arrow-forward = frente
arrow-forward-left = frente-esquerda
arrow-back-left = trás-esquerda
arrow-back = trás
arrow-back-right = trás-direita
arrow-forward-right = frente-direita

# Os acampamentos como o mapa os chama.
camp-west = Acampamento do Oeste
camp-east = Acampamento do Leste

# Um espaço dentro da frase: o acampamento pelo nome (um hexágono chega pela etiqueta),
# e onde algo está.
place-camp = o acampamento { $seat_do }
at-camp = no acampamento { $seat_do }
at-hex = em { $hex }
at-typed = em `{ $text }`

## O que fazer agora (depois de "Agora joga o Oeste: ")

prompt-turn = mova uma peça para um hexágono vizinho, ataque com uma delas ou mantenha as posições
prompt-defend = { $attacker } ataca { $defender } { $at }: { $flee_count ->
        [0] contra-ataque, pois não há hexágono livre para onde fugir
       *[other] contra-ataque ou fuja para { $flee }
    }
prompt-over = A batalha acabou com a vitória { $winner_do }: { $reason }.
prompt-over-draw = A batalha acabou empatada: { $reason }.

## Como uma batalha termina

ending-commander-fell = { $commander } foi derrotado por { $by }
ending-nightfall = anoiteceu com mais força em campo do lado vencedor ({ $high } a { $low })
ending-nightfall-draw = anoiteceu com as forças iguais em campo ({ $strength } de cada lado)

## O que aconteceu

event-piece-moved = O { $seat } move { $piece } de { $start } para { $end }{ $left_camp ->
        [true] , para fora do acampamento; dali em diante esse comandante não pode mais fugir
       *[other] {""}
    }.
event-attack-declared = O { $seat } ataca { $defender } ({ $target }{ $in_camp ->
        [true] , no acampamento
       *[other] {""}
    }) com { $piece } ({ $start }).
event-movement-revealed = A peça de movimento sob { $piece }, { $seat_do }, é revelada: { $movement }, com setas para { $arrows }.
event-answer-awaited = O comandante { $piece }, { $seat_do }, é atacado por { $attacker } no próprio acampamento: { $can_flee ->
        [true] pode contra-atacar ou fugir (hexágonos livres: { $flee_to })
       *[other] sem hexágono livre para onde fugir, tem de contra-atacar
    }.
event-commander-fled = O comandante { $piece }, { $seat_do }, escapa de { $attacker } e foge do acampamento para { $end }; a sua peça de movimento fica revelada no acampamento, em { $placed_at }.
event-movement-drawn = O { $seat } compra às cegas uma nova peça de movimento para { $piece } ({ $left ->
        [0] a pilha acabou
        [1] resta uma na pilha
       *[other] restam { $left } na pilha
    }).
event-combat-rolled = { $attacker } tira { $attacker_roll } (total { $attacker_total }) e { $defender }{ $chosen ->
        [true] , que preferiu não fugir,
       *[other] {""}
    } contra-ataca com { $defender_roll } (total { $defender_total }{ $hill ->
        [true] , com o bônus da colina
       *[other] {""}
    }): vence { $winner }.
event-piece-removed = { $piece }, { $seat_do }, sai do campo de batalha (estava { $in_camp ->
        [true] no acampamento
       *[other] em { $hex }
    }).
event-commander-defeated = Cai o comandante { $piece }, { $seat_do }, derrotado por { $by }!
event-held = O { $seat } mantém as posições neste turno.
event-turn-ended = O { $seat } encerra a vez; agora joga o { $next_seat } (turno { $turn_number }).
event-battle-ended = { $winner ->
        [none] A batalha termina empatada: { $reason }.
       *[other] Vitória { $winner_do }: { $reason }.
    }
event-adjusted = Correção do árbitro: { $change ->
        [placed] { $piece } estava { $start_camp ->
            [true] no acampamento
           *[other] em { $start }
        } e agora está { $end_camp ->
            [true] de volta no acampamento
           *[other] em { $end }
        }
        [revealed] a peça de movimento de { $piece } é revelada
        [removed] a peça { $piece } é retirada do campo
        [flight-restored] { $piece } volta a poder fugir do acampamento
        [concealed] a peça de movimento de { $piece } é virada para baixo
       *[called-off] o ataque de { $piece } fica cancelado
    }{ $note ->
        [none] {""}
       *[other] { " " }({ $note })
    }.
event-movement-adjusted = Correção do árbitro: { $piece } passa a estar sobre { $face ->
        [none] outra peça de movimento, virada para baixo, da pilha { $seat_do }
       *[other] { $face }, da pilha { $seat_do }
    }{ $note ->
        [none] {""}
       *[other] { " " }({ $note })
    }.

## Recusas

refusal-no-scenario = Não existe o cenário { $scenario }; escolha { $choices }.
refusal-no-such-piece = Não há peça { $piece } em campo. As suas peças são: { $yours }.
refusal-not-your-piece = { $piece } é do outro lado; você só pode mover ou atacar com as suas próprias peças.
refusal-off-map = { $hex } não está neste mapa: os hexágonos vão de A1 a { $last } (as fileiras pares têm um hexágono a menos).
refusal-no-such-camp = Não existe `{ $target }` aqui; os acampamentos são { $camps }.
refusal-camp-closed = { $hex } faz parte de um acampamento. Nenhuma peça entra em um acampamento: ataque o comandante que está nele a partir de um hexágono da fronteira.
refusal-not-next-to = { $piece } está { $at } e anda um hexágono por vez; { $hex } não fica ao lado.
refusal-hex-taken = { $hex } está ocupado por { $holder }; uma peça só pode ir para um hexágono livre.
refusal-no-arrow-to-hex = { $piece }, { $at }, precisaria de uma seta para { $way } (do ponto de vista do seu lado) para chegar a { $hex }, mas a sua peça de movimento, { $face }, só tem setas para { $arrows }.
refusal-no-enemy-there = Não há peça inimiga { $at } para atacar.
refusal-enemy-not-next-to = { $piece } só pode atacar um espaço vizinho, e { $enemy }, { $at }, não está ao lado.
refusal-no-arrow-to-enemy = Para atacar { $enemy }, { $piece } precisaria de uma seta para { $way } (do ponto de vista do seu lado), mas a sua peça de movimento, { $face }, só tem setas para { $arrows }.
refusal-flee-out-of-camp = { $piece } está { $at }, longe do acampamento, e não pode mais fugir: só um comandante ainda no acampamento onde começou pode escapar de um ataque. Em qualquer outro lugar, ele contra-ataca como qualquer peça.
refusal-flee-unasked = A fuga é a resposta a um ataque ao seu acampamento, e ninguém o está atacando agora. Para tirar o comandante do acampamento por vontade própria, mova-o (depois disso ele nunca mais poderá fugir).
refusal-flee-stack-empty = A sua pilha não tem mais nenhuma peça de movimento para o comandante receber no fim da fuga, então ele não pode fugir: contra-ataque.
refusal-flee-off-border = { $hex } não faz fronteira com { $camp }. Um comandante em fuga vai para um dos cinco hexágonos da fronteira ({ $border }); { $open_count ->
        [0] agora não há fuga possível: contra-ataque.
       *[other] agora valem: { $open }.
    }
refusal-flee-hex-taken = { $hex } está ocupado por { $holder }; um comandante só pode fugir para um hexágono livre. { $open_count ->
        [0] Agora não há fuga possível: contra-ataque.
       *[other] Agora valem: { $open }.
    }
refusal-flee-no-arrow = Nenhuma seta da peça de movimento sob { $piece }, { $face }, leva do acampamento a { $hex }, seja qual for o lado do acampamento em que ela for posta: as setas dela apontam para { $arrows }. { $open_count ->
        [0] Agora não há fuga possível: contra-ataque.
       *[other] Agora valem: { $open }.
    }
refusal-adjust-nothing = Diga a peça e o que muda: `to:<hexágono>` para colocá-la em outro lugar, `remove:true` para retirar uma tropa do campo, `reveal:true` ou `conceal:true` para virar a sua peça de movimento para cima ou para baixo, ou `restore:true` para devolver a um comandante o direito de fugir.
refusal-adjust-flight-kept = { $piece } não perdeu o direito de fugir, então não há o que devolver: só o perde um comandante que saiu do acampamento por vontade própria.
refusal-flight-lost = { $piece } saiu do acampamento por vontade própria mais cedo nesta batalha, então nunca mais pode fugir, nem de volta ao acampamento; responde aos ataques lutando.
refusal-camp-not-touching = { $piece }, { $at }, não toca o acampamento { $camp }: um acampamento é atacado de um dos hexágonos que o tocam ({ $border }).
refusal-adjust-no-piece = Não há peça { $piece } em campo.
refusal-adjust-already-down = A peça de movimento de { $piece } não está virada para cima, então não pode ser virada para baixo.
refusal-no-such-face = Não existe peça de movimento chamada `{ $text }`.
refusal-adjust-face-not-in-stack = A pilha { $seat_do } não tem { $face }.
refusal-adjust-same-face = { $piece } já está sobre { $face }.
refusal-adjust-camp = Só o próprio comandante de um lado pode ser posto de volta no acampamento dele, e não { $piece } { $at }.
refusal-adjust-camp-hex = { $hex } faz parte de um acampamento; só o comandante dele pode ser posto ali (diga o acampamento: `{ $camp }`).
refusal-adjust-hex-taken = { $hex } está ocupado por { $holder }; escolha um hexágono livre.
refusal-adjust-commander = { $piece } é um comandante e não pode ser retirado pelo árbitro: um comandante só sai do campo ao perder um combate, e isso encerra a batalha.

## Comandos que não puderam ser lidos

input-hex-name = `{ $field }`: `{ $value }` não é um hexágono; escreva a letra da coluna e o número da fileira, como D4.
input-space-name = `{ $field }`: `{ $value }` não é um hexágono nem um acampamento; escreva um hexágono como C4 ou um acampamento: `west-camp` ou `east-camp`.

## O painel ao lado do mapa

panel-title = Bushido: { $scenario }
panel-turn = Turno { $turn } de { $limit } | etapa: { $step }
panel-to-act = Vez { $seat_do }: { $hint }
panel-side = { $seat }: { $troops ->
        [0] nenhuma tropa
        [1] uma tropa
       *[other] { $troops } tropas
    }, força { $strength } | { $camp ->
        [in-camp] { $commander } no acampamento, pode fugir
        [out] { $commander } fora do acampamento, não pode fugir
       *[fallen] { $commander } caiu
    } | pilha: { $stack }

## O que só você vê

secret-piece = { $piece }, { $troop }, { $at }: { $face }, setas para { $arrows } ({ $revealed ->
        [true] revelada
       *[other] virada para baixo
    })
secret-stack = Peças de movimento que restam na sua pilha: { $count }

## Sugestões ao digitar

suggest-piece = { $piece } { $troop } { $at }
suggest-to = { $hex } ({ $flee ->
        [true] fuga
       *[other] { $pieces }
    })
suggest-target = { $target }: { $enemy } { $troop } (por { $by })
suggest-face = { $face }

## Botões

button-move = Mover { $piece } para { $to }
button-attack = { $piece } ataca { $target }
button-attack-camp = { $piece } ataca o acampamento { $seat_do }
button-hold = Manter as posições
button-flee = Fugir para { $to }
button-counter = Contra-atacar

## Ajuda dos comandos: /bushido

command-bushido = Bushido, a Batalha de Sekigahara
command-bushido-move = Mova uma peça um hexágono, na direção de uma das setas da sua peça de movimento
command-bushido-move-piece = A sua peça (ou o seu comandante)
command-bushido-move-to = O hexágono de destino, por exemplo D4
command-bushido-attack = Ataque uma peça inimiga vizinha ou um acampamento
command-bushido-attack-piece = A sua peça (ou o seu comandante)
command-bushido-attack-target = O hexágono ou o acampamento atacado
command-bushido-flee = O seu comandante foge do acampamento para um hexágono da fronteira
command-bushido-flee-to = O hexágono para onde fugir
command-bushido-counter = Contra-ataque a peça que atacou você
command-bushido-hold = Mantenha as posições neste turno
command-bushido-adjust = Árbitro: mova, retire ou revele uma peça
command-bushido-adjust-piece = A peça a corrigir
command-bushido-adjust-to = Coloque-a neste hexágono ou acampamento
command-bushido-adjust-remove = Retirar a peça do campo
command-bushido-adjust-reveal = Virar a peça de movimento dela para cima
command-bushido-adjust-restore = Devolver a este comandante o direito de fugir que perdeu ao sair do acampamento
command-bushido-adjust-note = O motivo (aparece no registro da partida)
command-bushido-adjust-conceal = Vire a peça de movimento dela para baixo
command-bushido-adjustmovement = Árbitro: troque a peça de movimento de uma peça por outra da pilha do lado
command-bushido-adjustmovement-piece = A peça cuja peça de movimento muda
command-bushido-adjustmovement-face = A peça de movimento a tirar da pilha do lado
command-bushido-adjustmovement-note = O motivo (aparece no registro da partida)

## A posição em palavras (/game status e o seu botão de detalhes)

summary-turn = Turno { $turn } de { $limit }; a vez é { $seat_do }.
summary-side = { CAP($seat_o) }: { $troops } { $troops ->
        [one] tropa restante
       *[other] tropas restantes
    } (valores de combate somando { $strength }); { $commander ->
        [none] o comandante caiu.
       *[other] o comandante está { $commander }.
    }
summary-piece = · { $piece } { $troop } { $where }, { $face ->
        [none] peça de movimento virada para baixo
       *[other] peça de movimento { $face }, virada para cima
    }

## The turn message's button to a player's private controls

controls-button = Suas peças

# Command & Colors: Samurai Battles em português do Brasil.
#
# As regras (rules/samurai) entregam dados; todas as palavras do sistema estão aqui.
# Os valores chegam como { $nome }: ids de peças (U3, L1) e nomes de hexágonos (E5)
# como são, números como números, e os nomes que o catálogo dá (um lado, uma carta,
# uma face do dado, um tipo de unidade...) já traduzidos, com os seus atributos como
# { $nome_atributo } ({ $kind_unit }). Verdadeiro e falso chegam como "true" e "false";
# um valor ausente, como "none".
#
# Além de .o, .do e .ao, cada lado define .O ("O Vermelho"), para começar uma frase.
#
# Os nomes das cartas de comando ficam em inglês, como estão impressos nas cartas e
# como os jogadores os digitam nos comandos (Order Two Units Center, Shogun, Cavalry
# Charge): o bot aceita esses nomes e os ids das cartas, não traduções.
#
# A bandeira de vitória (o marcador que se conquista) não é o estandarte: estandarte
# é o símbolo de uma unidade (círculo, triângulo ou quadrado), e o porta-estandarte,
# a sua última figura.

system-title = Command & Colors: Samurai Battles

## Cenários

scenario-open-field = Escaramuça em Campo Aberto
    .summary = Cinco unidades de cada lado em terreno aberto; vence quem conquistar três bandeiras de vitória: uma partida rápida para aprender ordens e líderes.
scenario-river-crossing = A Travessia do Rio
    .summary = A cavalaria Takeda precisa forçar um dos três vaus contra a infantaria Uesugi que guarda a outra margem.
scenario-sekigahara-ridge = A Crista de Sekigahara
    .summary = Dois exércitos equilibrados se aproximam de uma crista de colinas no centro; bosques protegem os dois flancos.
scenario-first-samurai-skirmish = Primeira Escaramuça Samurai
    .summary = A primeira batalha do livro de cenários: dois exércitos iguais de ashigaru, samurais e líderes entre colinas e bosques; vence quem chegar a cinco bandeiras.
scenario-kawanakajima-1561-vanguard = Kawanakajima 1561, Fase 1: a Vanguarda Uesugi
    .summary = Cavaleiros e lanceiros Uesugi golpeiam a vanguarda Takeda que cruzou o rio; vencem cinco bandeiras.
scenario-kawanakajima-1561-kansuke = Kawanakajima 1561, Fase 2: a Carga de Kansuke
    .summary = A linha Uesugi faz girar tropas descansadas para a frente enquanto as alas Takeda resistem; vencem cinco bandeiras.

## Lados

seat-red = Vermelho
    .o = o Vermelho
    .O = O Vermelho
    .do = do Vermelho
    .ao = ao Vermelho
seat-blue = Azul
    .o = o Azul
    .O = O Azul
    .do = do Azul
    .ao = ao Azul
seat-takeda = Takeda
    .o = Takeda
    .O = Takeda
    .do = de Takeda
    .ao = a Takeda
seat-uesugi = Uesugi
    .o = Uesugi
    .O = Uesugi
    .do = de Uesugi
    .ao = a Uesugi
seat-yellow = Amarelo
    .o = o Amarelo
    .O = O Amarelo
    .do = do Amarelo
    .ao = ao Amarelo
seat-black = Preto
    .o = o Preto
    .O = O Preto
    .do = do Preto
    .ao = ao Preto
seat-white = Branco
    .o = o Branco
    .O = O Branco
    .do = do Branco
    .ao = ao Branco
seat-oda = Oda
    .o = Oda
    .O = Oda
    .do = de Oda
    .ao = a Oda
seat-tokugawa = Tokugawa
    .o = Tokugawa
    .O = Tokugawa
    .do = de Tokugawa
    .ao = a Tokugawa
seat-imagawa = Imagawa
    .o = Imagawa
    .O = Imagawa
    .do = de Imagawa
    .ao = a Imagawa
seat-hojo = Hojo
    .o = Hojo
    .O = Hojo
    .do = de Hojo
    .ao = a Hojo
seat-mori = Mori
    .o = Mori
    .O = Mori
    .do = de Mori
    .ao = a Mori
seat-shimazu = Shimazu
    .o = Shimazu
    .O = Shimazu
    .do = de Shimazu
    .ao = a Shimazu
seat-date = Date
    .o = Date
    .O = Date
    .do = de Date
    .ao = a Date
seat-asakura = Asakura
    .o = Asakura
    .O = Asakura
    .do = de Asakura
    .ao = a Asakura
seat-azai = Azai
    .o = Azai
    .O = Azai
    .do = de Azai
    .ao = a Azai
seat-toyotomi = Toyotomi
    .o = Toyotomi
    .O = Toyotomi
    .do = de Toyotomi
    .ao = a Toyotomi
seat-ishida = Ishida
    .o = Ishida
    .O = Ishida
    .do = de Ishida
    .ao = a Ishida

## Etapas do turno e as ações que valem nelas

step-card = carta de comando
step-orders = ordens
step-moves = movimento
step-battles = combate
step-retreat = recuo
step-momentum = ganho de terreno
step-keep = escolha de carta
step-over = fim de jogo

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

## Cartas de comando (como impressas nas cartas, em inglês: veja o início do arquivo)

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

## Unidades, terreno, dados

unit-ashigaru-spear = Lanceiros Ashigaru
unit-ashigaru-bow = Arqueiros Ashigaru
unit-ashigaru-arquebus = Arcabuzeiros Ashigaru
unit-samurai-infantry = Infantaria Samurai
unit-samurai-bow = Arqueiros Samurai
unit-samurai-cavalry = Cavalaria Samurai
unit-mounted-bow = Arqueiros Samurai Montados
unit-foot-leader = Líder a Pé
unit-mounted-leader = Líder Montado

terrain-hill = colina
    .a = uma colina
terrain-forest = floresta
    .a = uma floresta
terrain-village = aldeia
    .a = uma aldeia
terrain-river = rio
    .a = um rio
terrain-ford = vau
    .a = um vau

face-circle = círculo
face-triangle = triângulo
face-square = quadrado
face-flag = bandeira
face-sword = espada
face-honor = honra

standard-circle = círculo
standard-triangle = triângulo
standard-square = quadrado

kind-infantry = infantaria
    .unit = uma unidade de infantaria
    .leader = um líder a pé
kind-cavalry = cavalaria
    .unit = uma unidade de cavalaria
    .leader = um líder montado

section-left = esquerda
section-center = central
section-right = direita

## O que uma carta ordena: uma seção, um estandarte, um tipo de unidade ou qualquer peça

# Como lê o lado que tem a carta (a esquerda de quem está no alto é a direita do tabuleiro).
slot-section = sua seção { $own }{ $turned ->
        [true] { " " }(a { $board } do tabuleiro)
       *[false] {""}
    }
# Como todos leem: a seção do tabuleiro e o nome que o lado dá a ela.
slot-section-public = a seção { $board } do tabuleiro{ $turned ->
        [true] { " " }(a { $own } { $seat_do })
       *[false] {""}
    }
slot-standard = uma unidade com estandarte de { $standard }
slot-kind = { $kind_unit } em qualquer seção
slot-any = qualquer unidade ou líder

piece-unit = uma unidade de { $kind } com estandarte de { $standard }
piece-leader = { $kind_leader }

## O que aconteceu

event-card-played = { $seat_O } joga a carta { $card }.
event-orders-lost = { $seat_O } perde { $count ->
        [one] uma ordem
       *[other] { $count } ordens
    } por falta de peça que { $count ->
        [one] a receba
       *[other] as receba
    }: { $where }.
event-shogun-rolled = { $seat_O } rola os dados do Shogun: { $faces } ({ $orders ->
        [0] nenhuma ordem
        [one] uma ordem
       *[other] { $orders } ordens
    }, { $tokens ->
        [0] nenhuma ficha
        [one] uma ficha
       *[other] { $tokens } fichas
    }).
event-piece-ordered = { $split ->
        [true] { $seat_O } dá ordem ao líder { $piece }, que se separa da sua unidade.
       *[false] { $seat_O } dá ordem a { $piece }{ $leader ->
            [none] {""}
           *[other] { " " }com o líder { $leader }
        }.
    }
event-nothing-ordered = { $seat_O } não dá ordem a nenhuma peça neste turno.
event-piece-moved = { $piece }{ $leader ->
        [none] {""}
       *[other] { " " }com o líder { $leader }
    } vai de { $start } para { $end }.
event-leader-joined = O líder { $leader } se junta a { $unit }{ $unit_ordered ->
        [true] {""}
       *[false] , que continua sem ordem
    }.
event-battle-rolled = { $attacker } ({ $start }) { $battle_back ->
        [true] revida contra
       *[false] { $ranged ->
            [true] atira em
           *[false] ataca
        }
    } { $defender } ({ $target }) com { $dice ->
        [one] um dado
       *[other] { $dice } dados
    }: { $faces } → { $hits ->
        [0] nenhum acerto
        [one] um acerto
       *[other] { $hits } acertos
    }{ $flags ->
        [0] {""}
        [one] , uma bandeira
       *[other] , { $flags } bandeiras
    }{ $flags_ignored ->
        [0] {""}
        [one] , uma bandeira ignorada
       *[other] , { $flags_ignored } bandeiras ignoradas
    }{ $swords_ignored ->
        [0] {""}
        [one] , uma espada ignorada
       *[other] , { $swords_ignored } espadas ignoradas
    }{ $lone_leader ->
        [true] { " " }(líder sozinho: contra ele só as espadas contam)
       *[false] {""}
    }.
event-figures-lost = { $piece } perde { $lost ->
        [one] uma figura
       *[other] { $lost } figuras
    } ({ $remaining ->
        [0] não sobra nenhuma
        [one] sobra uma
       *[other] sobram { $remaining }
    }).
event-unit-eliminated = { $side_O } perde { $piece } em { $hex }: o porta-estandarte tomba e a peça sai do mapa.
event-leader-casualty-check = O líder { $leader }, junto de { $unit }, rola { $faces } e { $killed ->
        [true] tomba
       *[false] escapa ileso
    }.
event-banner-won = { $seat_O } conquista uma bandeira de vitória{ $piece ->
        [none] {""}
       *[other] { " " }pela queda de { $piece }
    } ({ $banners } de { $target }).
event-retreat-pending = { $piece } ainda precisa recuar { $remaining ->
        [one] mais um hexágono
       *[other] mais { $remaining } hexágonos
    }; { $seat_o } escolhe entre { $choices }.
event-escape-pending = O líder { $leader } ficou sozinho e precisa se afastar; { $seat_o } escolhe entre { $choices }.
event-leader-escaped = O líder { $leader } se afasta de { $start } para { $end }{ $unit ->
        [none] {""}
       *[other] { " " }e se junta a { $unit }
    }.
event-retreated = { $piece } recua de { $start } para { $end }.
event-retreat-blocked = { $piece } não tem como recuar { $hexes ->
        [one] um hexágono
       *[other] { $hexes } hexágonos
    } e sofre { $hits ->
        [one] um acerto
       *[other] { $hits } acertos
    } por isso.
event-ground-gained = { $piece }{ $leader ->
        [none] {""}
       *[other] { " " }com { $leader }
    } ganha terreno, de { $start } para { $end }.
event-ground-held = { $piece } fica em { $hex }{ $bonus ->
        [true] { " " }e não combate de novo
       *[false] { " " }em vez de ganhar terreno
    }.
event-bonus-battle = { $piece } combate de novo: um combate corpo a corpo bônus contra { $target }.
event-leader-left-battlefield = O líder { $leader } deixa o campo de batalha a partir de { $hex }, pela borda do seu próprio lado; ninguém conquista bandeira por ele.
event-cards-drawn = { $seat_O } compra { $count ->
        [0] nenhuma carta
        [one] uma carta
       *[other] { $count } cartas
    }.
event-card-discarded = { $seat_O } fica com uma das cartas e descarta { $card }.
event-deck-reshuffled = O baralho de comando é embaralhado de novo ({ $cards ->
        [0] nenhuma carta
        [one] uma carta
       *[other] { $cards } cartas
    }).
event-turn-ended = { $seat_O } encerra o turno e passa a vez { $next_seat_ao }. Bandeiras de vitória: { $seat } { $banners }, { $next_seat } { $next_banners }. Fichas de Honra e Fortuna: { $seat } { $tokens }, { $next_seat } { $next_tokens }.
event-game-won = { $seat_O } vence com { $banners } bandeiras de vitória.
event-adjusted = Correção do árbitro: { $change ->
        [figures] { $piece } passa de { $before } para { $after } figuras
        [hex] { $piece } é posto em { $end } (estava em { $start })
        [tokens] as fichas { $seat_do } passam de { $before } para { $after }
        [ordered] { $piece } recebe uma ordem neste turno{ $leader ->
            [none] {""}
           *[other] { " " }(com { $leader })
        }
        [unordered] { $piece } perde a ordem que tinha neste turno
       *[banner] { $seat_o } recebe uma bandeira de vitória
    }{ $note ->
        [none] {""}
       *[other] { " " }({ $note })
    }.
event-cards-adjusted = Correção do árbitro: { $card ->
        [none] { $count ->
            [one] uma carta passa
           *[other] { $count } cartas passam
        }
       *[other] { $card } passa
    } { $origin ->
        [hand] da mão { $seat_do }
        [deck] do baralho
       *[discard] da pilha de descarte
    } para { $into ->
        [hand] a mão { $seat_do }
        [deck] o topo do baralho
       *[discard] a pilha de descarte
    }{ $note ->
        [none] {""}
       *[other] { " " }({ $note })
    }.

## O que fazer agora (depois do nome do lado)

prompt-card = jogue uma carta de comando
prompt-orders = { $count ->
        [0] a carta { $card } não alcança nenhuma peça agora: dê a ordem sem nomear peças (`none`)
        [one] indique a peça que recebe a ordem da carta { $card }, que dá ordens para { $offered }
       *[other] indique até { $count } peças para receber ordens da carta { $card }, que dá ordens para { $offered }
    }
prompt-moves = mova as peças que receberam ordem; depois ataque ou encerre o turno
prompt-battles = ataque com as peças que receberam ordem ou encerre o turno
prompt-retreat = recue { $piece } a partir de { $hex } ({ $remaining ->
        [one] falta um hexágono
       *[other] faltam { $remaining } hexágonos
    }): { $choices }
prompt-escape = afaste o líder { $leader } de { $hex }, de 1 a 3 hexágonos rumo à sua borda: { $choices }
prompt-gain = { $piece } venceu o combate corpo a corpo: ganhe terreno de { $start } para { $hex } (`/samurai gain`){ $bonus ->
        [true] { " " }e combata de novo
       *[false] {""}
    }, ou fique onde está (`/samurai hold`)
prompt-bonus = { $piece } em { $hex } pode combater de novo, corpo a corpo, contra { $targets } (`/samurai battle`), ou parar (`/samurai hold`)
prompt-keep = fique com uma das duas cartas compradas
prompt-over = a partida acabou: { $seat_o } venceu com { $banners } bandeiras de vitória

outcome-banners = chegou a { $banners } bandeiras de vitória

## O painel ao lado do tabuleiro

panel-title = Samurai Battles: { $scenario }
panel-turn = Turno { $turn } | etapa: { $step }
panel-prompt = { $seat ->
        [none] { $hint }
       *[other] { $seat }: { $hint }
    }
panel-card = Carta: { $card } ({ $seat })
panel-side = { $seat }: bandeiras de vitória { $banners }/{ $target } | { $cards ->
        [0] 0 cartas
        [one] { $cards } carta
       *[other] { $cards } cartas
    } | { $tokens ->
        [0] 0 fichas
        [one] { $tokens } ficha
       *[other] { $tokens } fichas
    }
panel-deck = Baralho { $deck } | descarte { $discards }

## O que só você vê

secret-card = { $card } (`{ $id }`)
secret-drawn = Compradas, fique com uma: { $cards }

## Autocompletar

suggest-card = { $card }
suggest-order-none = `none` (não dar ordem a nenhuma peça neste turno)
suggest-order = { $pieces } ({ $unit } em { $hex }{ $leader ->
        [none] {""}
       *[other] { " " }com { $leader }
    })
suggest-piece = { $piece } { $unit } em { $hex }
suggest-move-to = { $hex } ({ $pieces })
suggest-retreat-to = { $hex } (recuo)
suggest-target = { $hex } { $piece } { $unit } (por { $by })

## Botões

button-play = Jogar { $card }
button-order = { $pieces ->
        [none] Não dar ordens
       *[other] Dar ordem a { $pieces }
    }
button-move = Mover { $piece } para { $to }
button-battle = Atacar { $target } com { $piece }
button-retreat = Recuar para { $to }
button-gain = { $hex ->
        [none] Ganhar terreno
       *[other] Ganhar terreno em { $hex }
    }
button-hold = Ficar onde está
button-keep = Ficar com { $card }
button-end-turn = Encerrar o turno e comprar

## Recusas

refusal-hex-name = `{ $text }` não é nome de hexágono: escreva a letra da coluna e o número da linha, como E5.
refusal-off-board = { $hex } não está no tabuleiro: os hexágonos vão de A1 a M9, e as linhas 2, 4, 6 e 8 terminam na coluna L.
refusal-unknown-card = Não existe a carta de comando `{ $text }`: indique uma carta pelo nome ou pelo id (o autocompletar mostra as suas).
refusal-no-such-scenario = Não existe o cenário `{ $scenario }`; escolha um destes: { $choices }.
refusal-no-such-piece = Não há peça { $piece } no mapa. Indique as peças pelos ids mostrados no tabuleiro, como U3 ou L1 (várias, separadas por espaços).
refusal-enemy-piece = { $piece } pertence ao outro lado; você só pode comandar as suas próprias peças.
refusal-ordered-twice = Peças indicadas mais de uma vez: { $pieces }. Cada peça recebe no máximo uma ordem por turno.
refusal-split-needs-helmet = { $leader } está com { $unit }. Dar ordem só a ele o separa da unidade, e só uma carta com o símbolo do elmo (as cartas de seção e o Shogun) permite isso; a carta { $card } não tem. Dê a ordem a { $unit }, e { $leader } vai junto por uma só ordem.{ $both ->
        [true] { " " }Dar ordem a { $leader } e a { $unit } separa os dois, o que também exige o elmo.
       *[false] {""}
    }
refusal-card-orders-nobody = A carta { $card } não tem ordens que você possa usar neste turno (você não tem peças onde ela dá ordens); então não dê ordem a ninguém: mande uma ordem vazia, ou `none`.
refusal-not-in-card-orders = { $piece } é { $what } em { $hex }, dentro de { $sections }, mas a carta { $card } só dá ordens para { $offered }.
refusal-no-order-left = Não sobra ordem para { $piece }: a carta { $card } dá { $count } para { $where }, e você indicou { $named ->
        [one] uma peça que precisa de uma
       *[other] { $named } peças que precisam de uma
    } ({ $takers }).
refusal-card-not-in-hand = A carta { $card } não está na sua mão; `/game hand` mostra as cartas que você tem.
refusal-leader-ordered-with-unit = { $leader } recebeu ordem junto com { $unit }, então vai aonde ela for e luta como parte dela: aja com { $unit }. Para agir só com { $leader }, ele precisa receber uma ordem própria.
refusal-joined-unit-unordered = { $leader } se juntou a { $unit } neste turno, mas um líder que se junta a uma unidade não lhe dá ordem: { $unit } não pode se mover nem atacar.
refusal-not-ordered = { $piece } não recebeu ordem neste turno. Só peças com ordem podem se mover ou atacar ({ $count ->
        [0] nenhuma peça recebeu ordem
       *[other] com ordem: { $ordered }
    }).
refusal-moved-already = { $piece } já se moveu neste turno; uma peça com ordem se move uma só vez.
refusal-moved-and-joined = { $leader } já se moveu e se juntou a { $unit ->
        [none] uma unidade
       *[other] { $unit }
    }; um líder não pode voltar a se mover depois de se juntar a uma unidade neste turno.
refusal-already-there = { $piece } já está em { $hex }.
refusal-impassable = Nenhuma peça pode entrar em { $hex }: ali há { $terrain_a }.
refusal-foot-leader-cavalry = { $leader } é um líder a pé e { $unit } é cavalaria: um líder a pé só pode se juntar a infantaria. Um líder montado pode comandar qualquer uma das duas.
refusal-unit-has-leader = { $unit } em { $hex } já tem um líder ({ $leader }); uma unidade leva um só líder.
refusal-hex-held = { $hex } está ocupado por uma peça { $enemy ->
        [true] inimiga
       *[false] amiga
    } ({ $piece }); nenhuma peça pode terminar o movimento em um hexágono ocupado nem passar por ele (só um líder pode se juntar a uma unidade amiga).
refusal-too-far = { $piece } ({ $unit }) se move no máximo { $allowance ->
        [one] um hexágono
       *[other] { $allowance } hexágonos
    }, e { $hex } está a { $distance } de distância.
refusal-card-move-limit = Com a carta { $card }, { $piece } ({ $unit }) se move no máximo { $allowance ->
        [one] um hexágono
       *[other] { $allowance } hexágonos
    }, e { $hex } está a { $distance } de distância.
refusal-no-path = { $piece } não tem caminho livre { $allowance ->
        [one] de um hexágono
       *[other] de até { $allowance } hexágonos
    } até { $hex }: há outras peças, ou terreno que encerra o movimento, no caminho.
refusal-leader-fights-with-unit = { $leader } está com { $unit }, e os dois lutam como uma só unidade: ataque com { $unit }.
refusal-joined-no-battle = { $leader } se juntou a { $unit }, que não tem ordem; juntar-se não dá ordem à unidade, então os dois não podem atacar neste turno.
refusal-leader-still-with-unit = { $leader } ainda está com { $unit }, que não tem ordem. Ele só pode lutar sozinho depois de se afastar dela.
refusal-battled-already = { $piece } já atacou neste turno; uma peça com ordem ataca uma só vez.
refusal-no-enemy-there = Não há peça inimiga em { $hex } para atacar.
refusal-close-combat-only = { $piece } ({ $unit }) só luta corpo a corpo, contra um hexágono vizinho; { $hex } está a { $distance } hexágonos de distância.
refusal-no-shooting = Peças que receberam ordem da carta { $card } não podem atirar neste turno; { $piece } só pode atacar um hexágono vizinho.
refusal-out-of-range = { $piece } ({ $unit }) atira a no máximo { $range } hexágonos, e { $hex } está a { $distance } de distância.
refusal-enemy-adjacent = { $piece } tem um inimigo ao lado ({ $enemy } em { $hex }) e não pode atirar; pode atacar esse inimigo corpo a corpo.
refusal-sight-blocked = { $piece } não enxerga { $hex }: { $blocker } está no caminho (uma peça, ou terreno que bloqueia a visão).
refusal-not-a-retreat-hex = { $hex } não é hexágono de recuo para { $piece } em { $start }: escolha { $choices } (um hexágono livre na direção da sua borda do mapa).
refusal-not-an-escape-hex = { $hex } não é um lugar para onde { $leader } em { $start } possa se afastar: escolha { $choices } (de 1 a 3 hexágonos rumo à sua borda, por hexágonos livres, ou sobre uma unidade amiga que ele possa comandar).
refusal-ground-gained = { $piece } já ganhou terreno em { $hex }: combata de novo (`/samurai battle`) ou pare (`/samurai hold`).
refusal-gain-first = { $piece } venceu um combate corpo a corpo: primeiro ganhe terreno em { $hex } (`/samurai gain`) ou fique onde está (`/samurai hold`); o próximo combate vem depois.
refusal-bonus-piece = Só { $winner }, que acabou de ganhar terreno, pode combater agora, não { $piece }; pare (`/samurai hold`) para seguir com os outros combates.
refusal-bonus-target = { $hex } não tem inimigo ao lado de { $piece }: o combate bônus pode ter como alvo { $targets }.
refusal-entered-no-battle = { $piece } entrou no hexágono de { $terrain } ({ $hex }) neste turno e só pode combater num turno seguinte.
refusal-not-drawn = A carta { $card } não é uma das que você comprou; fique com { $choices }.
refusal-adjust-nothing = Diga o que mudar: `figures`, `to` ou `order` (com `piece`), `banner` ou `tokens`.
refusal-adjust-needs-piece = Indique em `piece` a peça cujas figuras, cujo hexágono ou cuja ordem mudam.
refusal-adjust-orders-when = As ordens só podem ser corrigidas enquanto as peças ordenadas agem (movimento, combate ou recuo), não na etapa de { $step }.
refusal-adjust-orders-side = { $piece } não é { $seat_do }, e só { $seat_o } dá ordens neste turno.
refusal-adjust-orders-removed = { $piece } sai do mapa nesta correção; sua ordem não pode mudar também.
refusal-adjust-already-ordered = { $piece } já age sob uma ordem neste turno.
refusal-adjust-not-ordered = { $piece } não tem ordem neste turno para perder.
refusal-adjust-cards-same = `origin` e `into` são ambos { $pile ->
        [hand] a mão
        [deck] o baralho
       *[discard] a pilha de descarte
    }: indique dois lugares diferentes.
refusal-adjust-cards-whose-hand = Diga de quem é a mão: indique o lado em `side`.
refusal-adjust-card-not-there = { $card } não está { $pile ->
        [hand] na mão { $seat_do }
        [deck] no baralho
       *[discard] na pilha de descarte
    }.
refusal-no-such-seat = { $seat } não é um lado desta partida (os lados: { $seats }).
refusal-adjust-figures = { $piece } ({ $unit }) tem { $figures } de { $full } figuras; não pode mudar em { $change }.
refusal-adjust-hex-taken = { $hex } está ocupado; uma peça só pode ser posta em um hexágono livre (ou um líder em uma unidade amiga que ele possa comandar).
refusal-adjust-whose-tokens = Diga de quem são as fichas que mudam: indique em `piece` uma peça desse lado.

## Ajuda dos comandos: /samurai

command-samurai = Command & Colors: Samurai Battles
command-samurai-play = Jogue uma carta de comando da sua mão
command-samurai-play-card = A carta a jogar
command-samurai-order = Dê ordens: ids de unidades e líderes, por exemplo `U3 L1`
command-samurai-order-pieces = As peças que recebem ordem, separadas por espaços
command-samurai-move = Mova uma peça que recebeu ordem
command-samurai-move-piece = A peça a mover
command-samurai-move-to = O hexágono de destino, por exemplo E5
command-samurai-battle = Ataque com uma peça que recebeu ordem
command-samurai-battle-piece = A peça que ataca
command-samurai-battle-target = O hexágono atacado, por exemplo F6
command-samurai-retreat = Escolha para onde a sua unidade recua
command-samurai-retreat-to = O hexágono para onde recuar
command-samurai-gain = Ganhar terreno: a unidade que venceu o corpo a corpo entra no hexágono que o inimigo deixou
command-samurai-hold = Ficar onde está em vez de ganhar terreno ou combater de novo
command-samurai-keep = Fique com uma das duas cartas que você comprou
command-samurai-keep-card = A carta com que ficar
command-samurai-endturn = Encerre os movimentos e ataques e compre uma carta
command-samurai-adjust = Árbitro: corrija a partida (figuras, posição, bandeiras, fichas)
command-samurai-adjust-piece = A peça a corrigir
command-samurai-adjust-figures = Figuras a somar (negativo para tirar)
command-samurai-adjust-to = Ponha a peça neste hexágono
command-samurai-adjust-banner = Dê uma bandeira de vitória a este lado
command-samurai-adjust-tokens = Fichas de Honra e Fortuna a somar ao lado (negativo para tirar)
command-samurai-adjust-note = O motivo (aparece no registro)
command-samurai-adjust-order = Dê à peça uma ordem neste turno, ou tire a que ela tem
command-samurai-adjustcards = Árbitro: passe uma carta entre uma mão, o baralho e o descarte (a carta não é nomeada)
command-samurai-adjustcards-card = A carta a passar
command-samurai-adjustcards-origin = Onde a carta está agora
command-samurai-adjustcards-into = Para onde ela vai (no baralho: por cima)
command-samurai-adjustcards-side = De quem é a mão
command-samurai-adjustcards-note = O motivo (aparece no registro)

## A posição em palavras (/game status e o seu botão de detalhes)

summary-side = { CAP($seat_o) }: { $banners } de { $target } bandeiras de vitória, { $tokens ->
        [0] nenhuma ficha
        [one] { $tokens } ficha
       *[other] { $tokens } fichas
    } de Honra e Fortuna, { $cards ->
        [0] nenhuma carta
        [one] { $cards } carta
       *[other] { $cards } cartas
    } na mão; { $units } { $units ->
        [one] unidade
       *[other] unidades
    } e { $leaders } { $leaders ->
        [one] líder
       *[other] líderes
    } em campo.
summary-piece = · { $piece } { $unit } em { $hex } ({ $figures ->
        [one] uma figura
       *[other] { $figures } figuras
    })
summary-deck = Baralho: restam { $deck } cartas; { $discard } no descarte.
summary-turn = Neste turno { $seat_o } jogou { $card }; { $ordered ->
        [none] nenhuma peça recebeu ordem ainda.
       *[other] com ordens: { $ordered }.
    }

## The turn message's button to a player's private controls

controls-button = Sua mão

## Honra & Fortuna e as cartas Dragão (partidas começadas na regra 3)

step-react = resposta a um combate corpo a corpo
step-reward = escolha do fim do turno
action-dragon = `/samurai dragon`
action-inspire = `/samurai inspire`
action-decline = `/samurai decline`
action-seppuku = `/samurai seppuku`
action-reward = `/samurai reward`
action-dragon_discard = `/samurai discarddragon`

dragon-ambush = Emboscada
    .text = Jogue quando o adversário declarar um combate corpo a corpo contra uma unidade sua, antes de ele rolar: a sua unidade ataca primeiro com um dado a mais; depois a unidade dele ataca como ordenado, se ainda estiver lá e não tiver recuado, e a sua não contra-ataca.
dragon-personal-challenge = Desafio Pessoal
    .text = Jogue antes de um combate corpo a corpo da sua unidade ordenada com um líder contra uma unidade inimiga vizinha com um líder: cada lado rola um dado por carta de comando na mão (você conta a carta que jogou), você soma dois, o lado com mais Honra & Fortuna soma um, o líder montado contra um a pé soma um. Quem tiver mais espadas mata o outro líder, sem estandarte, e o lado dele perde uma carta de comando ao acaso. As faces de Honra & Fortuna são recolhidas.

event-tokens-changed = { $seat } { $reason ->
        [retreat] paga
        [escape] paga
        [inspire] paga
        [dragon] paga
       *[other] ganha
    } { $amount ->
        [one] uma ficha de Honra & Fortuna
       *[other] { $amount } fichas de Honra & Fortuna
    } ({ $reason ->
        [start] no início
        [faces] pelas faces de Honra & Fortuna roladas
        [reward] em vez de uma carta Dragão
        [discard] por uma carta Dragão descartada
        [retreat] por um recuo
        [escape] por um líder que recua
        [inspire] pela inspiração de um líder
        [dragon] por uma carta Dragão
       *[seppuku] pelo seppuku
    }) e agora tem { $total }.
event-honor-lacking = Falta honra a { $seat }: { $owed ->
        [one] uma ficha não pôde ser paga
       *[other] { $owed } fichas não puderam ser pagas
    }, então { $piece } perde o mesmo número de figuras.
event-dragon-played = { $seat } joga a carta Dragão { $card } ({ $cost ->
        [0] de graça
        [one] uma ficha
       *[other] { $cost } fichas
    }).
event-dragon-drawn = { $seat } compra { $count ->
        [0] nenhuma carta Dragão (não resta nenhuma)
        [one] uma carta Dragão
       *[other] { $count } cartas Dragão
    }.
event-dragon-discarded = { $seat } descarta a carta Dragão { $card }.
event-dragon-reshuffled = O baralho Dragão é embaralhado de novo ({ $cards ->
        [one] uma carta
       *[other] { $cards } cartas
    }).
event-reaction-offered = { $piece } ataca { $target }: { $seat } pode responder antes da rolagem.
event-reaction-declined = { $seat } deixa o combate seguir.
event-inspired = { $leader } inspira { $unit }: um dado a mais no próximo combate corpo a corpo.
event-seppuku-committed = { $leader } comete seppuku em { $hex } em vez de recuar; o inimigo não ganha estandarte.
event-command-card-lost = { $seat } perde { $card }, tirada ao acaso da mão.
event-challenge-rolled = Desafio pessoal: { $leader } rola { $faces }, { $enemy } rola { $enemy_faces }; { $slain ->
        [none] empate, ninguém cai.
       *[other] { $slain } cai.
    }

prompt-react = responda ao combate: jogue uma carta Dragão, inspire a unidade atacada ou `/samurai decline`
prompt-reward = fim do seu turno: compre uma carta Dragão ou pegue duas fichas de Honra & Fortuna (antes, você pode descartar uma carta Dragão por uma ficha)
prompt-escape-seppuku = o líder { $leader } em { $hex } recua de 1 a 3 hexágonos rumo à sua borda ({ $choices }) ou comete seppuku (`/samurai seppuku`)

panel-dragons = { $seat }: { $dragons ->
        [one] { $dragons } carta Dragão
       *[other] { $dragons } cartas Dragão
    }
secret-dragon = Carta Dragão: { $card } (`{ $id }`), custa { $cost ->
        [0] nada
        [one] uma ficha
       *[other] { $cost } fichas
    }
summary-dragons = { $seat } tem { $dragons ->
        [one] uma carta Dragão
       *[other] { $dragons } cartas Dragão
    }.
summary-dragon-deck = Baralho Dragão: restam { $deck } cartas; { $discard } descartadas.

button-dragon = Jogar { $card }{ $piece ->
        [none] {""}
       *[other] { " " }({ $piece } → { $target })
    }
button-inspire = Inspirar { $piece }
button-decline = Deixar o combate seguir
button-seppuku = Seppuku
button-reward = { $choice ->
        [dragon] Comprar uma carta Dragão
       *[tokens] Pegar duas fichas
    }
button-dragon-discard = Descartar { $card } por uma ficha

refusal-not-this-ruleset = Esta partida começou antes da Honra & Fortuna e das cartas Dragão publicadas (uma regra mais antiga), então é jogada sem elas.
refusal-unknown-dragon = Não há carta Dragão chamada { $text }; o baralho tem { $choices }.
refusal-dragon-not-in-hand = { $card } não está entre as suas cartas Dragão; `/game hand` mostra quais são.
refusal-dragon-played-already = Você já jogou uma carta Dragão neste turno: uma por jogador por turno.
refusal-tokens-short = Isso custa { $cost ->
        [one] uma ficha de Honra & Fortuna
       *[other] { $cost } fichas de Honra & Fortuna
    } e você tem { $tokens }.
refusal-dragon-timing = { $card } não pode ser jogada agora (etapa: { $step }); a carta diz quando.
refusal-challenge-unit = { $piece } não pode fazer um Desafio Pessoal: precisa ser uma unidade sua ordenada, com um líder, que ainda não atacou neste turno.
refusal-challenge-target = { $piece } não pode desafiar { $hex }: o inimigo ali precisa ser uma unidade com líder, vizinha, e { $piece } precisa ter um líder.
refusal-inspire-not-your-unit = { $piece } não é uma unidade sua.
refusal-inspire-not-attacked = Agora só a unidade atacada pode ser inspirada, não { $piece }.
refusal-inspire-not-ordered = { $piece } só pode ser inspirada quando recebeu ordem neste turno e ainda não atacou.
refusal-inspire-no-enemy = { $piece } não tem inimigo vizinho para um combate corpo a corpo.
refusal-inspired-already = { $piece } já está inspirada para o próximo combate corpo a corpo.
refusal-inspire-no-leader = Nenhum líder pode inspirar { $piece }: é preciso um líder com ela ou um líder montado vizinho.
refusal-no-seppuku = O seppuku só vale para um líder que precisa recuar agora.
refusal-dragon-deck-empty = Não resta carta Dragão para comprar; pegue as duas fichas.
refusal-discarded-already = Você já descartou uma carta Dragão por uma ficha neste turno.

command-samurai-dragon = Jogue uma carta Dragão (paga em fichas de Honra & Fortuna)
command-samurai-dragon-card = A carta Dragão a jogar
command-samurai-dragon-piece = A sua unidade que ela nomeia, quando nomeia uma
command-samurai-dragon-target = O hexágono inimigo que ela nomeia, quando nomeia um
command-samurai-inspire = Gaste uma ficha: um líder dá a uma unidade um dado a mais no próximo combate corpo a corpo
command-samurai-inspire-piece = A unidade inspirada
command-samurai-decline = Deixe o combate do adversário seguir sem responder
command-samurai-seppuku = O seu líder que precisa recuar comete seppuku
command-samurai-reward = Fim do seu turno: uma carta Dragão ou duas fichas de Honra & Fortuna
command-samurai-reward-choice = dragon (comprar uma carta Dragão) ou tokens (pegar duas fichas)
command-samurai-discarddragon = Fim do seu turno: descarte uma carta Dragão por uma ficha
command-samurai-discarddragon-card = A carta Dragão a descartar

## Scenarios of your own (rules/samurai/authoring.py): what is wrong, and where

refusal-scenario-toml-too-large = O cenário tem { $chars } caracteres; são lidos no máximo { $limit }.
refusal-scenario-toml-too-many-lines = O cenário tem { $lines } linhas; são lidas no máximo { $limit }.
refusal-scenario-toml-line-too-dotted = A linha { $line } do cenário tem mais de { $limit } pontos.
refusal-scenario-toml-syntax = O cenário não é um TOML válido{ $line ->
        [none] {""}
       *[other] { " " }(linha { $line }, coluna { $column })
    }.
refusal-scenario-toml-too-deep = O cenário aninha listas ou tabelas fundo demais.
refusal-scenario-toml-too-many-items = O cenário tem mais de { $limit } entradas.
refusal-scenario-not-table = { $line ->
        [none] Em `{ $field }`
       *[other] Linha { $line }, `{ $field }`
    }: isto deveria ser uma tabela de campos: um `[[side]]`, um `[[piece]]` ou uma entrada de terreno com hexágono e tipo.
refusal-scenario-unknown-field = { $line ->
        [none] Em `{ $field }`
       *[other] Linha { $line }, `{ $field }`
    }: este campo não faz parte de um cenário; veja em `docs/scenarios.md` os campos de cada tabela.
refusal-scenario-not-number = { $line ->
        [none] Em `{ $field }`
       *[other] Linha { $line }, `{ $field }`
    }: isto deveria ser um número inteiro.
refusal-scenario-not-text = { $line ->
        [none] Em `{ $field }`
       *[other] Linha { $line }, `{ $field }`
    }: isto deveria ser um texto entre aspas (no máximo 300 caracteres em `source`).
refusal-scenario-missing = { $line ->
        [none] Em `{ $field }`
       *[other] Linha { $line }, `{ $field }`
    }: falta este campo.
refusal-scenario-not-list = { $line ->
        [none] Em `{ $field }`
       *[other] Linha { $line }, `{ $field }`
    }: isto deveria ser uma lista de tabelas.
refusal-scenario-count = { $line ->
        [none] Em `{ $field }`
       *[other] Linha { $line }, `{ $field }`
    }: { $count ->
        [one] há 1 entrada
       *[other] há { $count } entradas
    }; são permitidas de { $low } a { $high }.
refusal-scenario-sides = { $line ->
        [none] Em `{ $field }`
       *[other] Linha { $line }, `{ $field }`
    }: um cenário tem exatamente dois lados, uma tabela `[[side]]` para cada; este arquivo tem { $count }.
refusal-scenario-number = { $line ->
        [none] Em `{ $field }`
       *[other] Linha { $line }, `{ $field }`
    }: { $value } está fora do intervalo; use um número de { $low } a { $high }.
refusal-scenario-hex = { $line ->
        [none] Em `{ $field }`
       *[other] Linha { $line }, `{ $field }`
    }: `{ $value }` não é um hexágono do tabuleiro (colunas A a M, linhas 1 a 9; as linhas pares terminam em L).
refusal-scenario-name = { $line ->
        [none] Em `{ $field }`
       *[other] Linha { $line }, `{ $field }`
    }: `{ $value }` não serve como nome: letras minúsculas, algarismos e hífens nos nomes (ids de peças: uma letra e depois letras ou algarismos, no máximo 8).
refusal-scenario-title = { $line ->
        [none] Em `{ $field }`
       *[other] Linha { $line }, `{ $field }`
    }: o título deve ter de 1 a 60 caracteres: letras, algarismos, espaços e pontuação simples (sem formatação nem menções).
refusal-scenario-seat = { $line ->
        [none] Em `{ $field }`
       *[other] Linha { $line }, `{ $field }`
    }: `{ $value }` não é um nome de lado que o Banneret conheça; escolha um destes: { $choices }.
refusal-scenario-seat-twice = { $line ->
        [none] Em `{ $field }`
       *[other] Linha { $line }, `{ $field }`
    }: o lado `{ $value }` aparece duas vezes; os dois lados precisam de nomes diferentes.
refusal-scenario-colour = { $line ->
        [none] Em `{ $field }`
       *[other] Linha { $line }, `{ $field }`
    }: `{ $value }` não é uma cor; escreva-a como #RRGGBB, por exemplo #b03a2e.
refusal-scenario-edge = { $line ->
        [none] Em `{ $field }`
       *[other] Linha { $line }, `{ $field }`
    }: `{ $value }` não é uma borda livre: um lado fica com `top` e o outro com `bottom`.
refusal-scenario-terrain-kind = { $line ->
        [none] Em `{ $field }`
       *[other] Linha { $line }, `{ $field }`
    }: `{ $value }` não é um tipo de terreno; use { $choices }.
refusal-scenario-terrain-twice = { $line ->
        [none] Em `{ $field }`
       *[other] Linha { $line }, `{ $field }`
    }: o hexágono { $value } já tem terreno; um tipo por hexágono.
refusal-scenario-no-such-side = { $line ->
        [none] Em `{ $field }`
       *[other] Linha { $line }, `{ $field }`
    }: `{ $value }` não é um dos lados do cenário ({ $choices }).
refusal-scenario-unit-type = { $line ->
        [none] Em `{ $field }`
       *[other] Linha { $line }, `{ $field }`
    }: `{ $value }` não é um tipo de unidade; use { $choices }.
refusal-scenario-id-twice = { $line ->
        [none] Em `{ $field }`
       *[other] Linha { $line }, `{ $field }`
    }: o id de peça `{ $value }` aparece duas vezes.
refusal-scenario-impassable = { $line ->
        [none] Em `{ $field }`
       *[other] Linha { $line }, `{ $field }`
    }: { $value } é { $kind }, onde nenhuma peça pode ficar.
refusal-scenario-hex-taken = { $line ->
        [none] Em `{ $field }`
       *[other] Linha { $line }, `{ $field }`
    }: { $value } já tem a peça { $other } do mesmo tipo: um hexágono comporta no máximo uma unidade e um líder.
refusal-scenario-leader = { $line ->
        [none] Em `{ $field }`
       *[other] Linha { $line }, `{ $field }`
    }: o líder em { $value } não pode comandar ali a peça { $other }: um líder fica com uma unidade do próprio lado, e um líder a pé só com infantaria.
refusal-scenario-side-empty = { $line ->
        [none] Em `{ $field }`
       *[other] Linha { $line }, `{ $field }`
    }: o lado `{ $value }` não tem nenhuma unidade no mapa.

command-samurai-scenario = Traga um cenário seu (um arquivo TOML): veja o mapa primeiro e depois aceite
command-samurai-scenario-upload = O arquivo do cenário (.toml), como descreve `docs/scenarios.md`

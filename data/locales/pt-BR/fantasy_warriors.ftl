# Fantasy Warriors, acompanhamento de batalha, em português do Brasil.
#
# Os nomes das ordens ficam em inglês e em maiúsculas, como os jogadores as escrevem no plano
# de batalha e nos comandos do bot: ATTACK, HOLD, OPPOSE, TAKE AND HOLD, STORM,
# INTERCEPT/REINFORCE, DESTROY/BREAKOUT. Objective = Objetivo, Target = Alvo, Battle Leader
# Test = Teste de Líder de Batalha, Combat Test = Teste de Combate. Nomes de unidades e de
# comandos (Hearthguard, Wolf Pack) ficam como na lista do cenário.
# Valores booleanos chegam como "true" ou "false"; um valor ausente, como "none".

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

## Os nomes dos cenários: exércitos, Objetivos e elementos do terreno

army-the-stockade-ford-north = Fortalezas Anãs
army-the-stockade-ford-south = Horda Orc
objective-the-stockade-ford-o1 = Encruzilhada
objective-the-stockade-ford-o2 = Alto da Colina do Corvo
objective-the-stockade-ford-o3 = Velha Paliçada
objective-the-stockade-ford-o4 = Águas Cinzentas
objective-the-stockade-ford-o5 = Bosque Sombrio
feature-the-stockade-ford-raven-hill = Colina do Corvo
feature-the-stockade-ford-greywater = Águas Cinzentas
feature-the-stockade-ford-old-stockade = Velha Paliçada
feature-the-stockade-ford-west-road = Estrada do Oeste
feature-the-stockade-ford-north-road = Estrada do Norte
feature-the-stockade-ford-crossroads = Encruzilhada
feature-the-stockade-ford-dark-wood = Bosque Sombrio
feature-the-stockade-ford-field-wall = Muro do Campo

## Etapas, e as ações pelo comando que os jogadores digitam

step-plan = plano de batalha
step-battle = batalha
step-over = fim da batalha
action-order = `/fw order`
action-ready = `/fw ready`
action-move = `/fw move`
action-contact = `/fw contact`
action-engaged = `/fw engaged`
action-disengaged = `/fw disengaged`
action-destroyed = `/fw destroyed`
action-left = `/fw left`
action-sight = `/fw sight`
action-combat = `/fw combat`
action-end_turn = `/fw endturn`
action-concede = desistir
action-adjust = `/fw adjust`

## Ordens: os nomes que os jogadores escrevem nos planos (order-short-: as etiquetas curtas do tabuleiro)

order-attack = ATTACK
    .summary = aproxime-se do inimigo e lute
order-hold = HOLD
    .summary = fique onde está e defenda a posição
order-oppose = OPPOSE
    .summary = ocupe a melhor posição defensiva; não comece combates
order-take-and-hold = TAKE AND HOLD
order-storm = STORM
order-intercept-reinforce = INTERCEPT/REINFORCE
order-destroy-breakout = DESTROY/BREAKOUT
order-intercept = INTERCEPT
order-reinforce = REINFORCE
order-destroy = DESTROY
order-breakout = BREAKOUT
order-short-attack = { order-attack }
order-short-hold = { order-hold }
order-short-oppose = { order-oppose }
order-short-take-and-hold = TAKE&HOLD
order-short-storm = { order-storm }
order-short-intercept = { order-intercept }
order-short-reinforce = { order-reinforce }
order-short-destroy = { order-destroy }
order-short-breakout = { order-breakout }
# A situação das ordens: "HOLD", "STORM (ATTACK)" antes do objetivo, "STORM→HOLD" depois.
order-tag = { $stage ->
        [basic] { $order }
        [first] { $order } ({ $now })
       *[other] { $order }→{ $now }
    }

## Palavras das ordens e dos objetivos

flag-red = vermelha
flag-green = verde
flag-yellow = amarela
flag-black = preta
approach-contact = por contato
approach-enter = por dentro
approach-stand-over = por cima
troop-axemen = machadeiros
troop-crossbowmen = besteiros
troop-riders = cavaleiros
troop-hero = heróis
troop-warriors = guerreiros
troop-archers = arqueiros
unit-kind-foot = a pé
unit-kind-mounted = montada
unit-kind-missile = de tiro
terrain-hill = colina
terrain-river = rio
terrain-stockade = paliçada
terrain-wall = muro
terrain-standing-stone = menir
terrain-crossroads = encruzilhada
terrain-forest = bosque
terrain-building = construção
terrain-road = estrada
terrain-point = ponto
adjusted-position = posição
adjusted-facing = orientação
adjusted-status = situação
adjusted-engaged = combate
adjusted-visible = visibilidade
adjusted-orders = ordens
adjusted-stage = etapa da ordem

# Uma unidade ou um comando: o id e o nome no cenário.
named = { $id } { $name }
# Uma unidade com quanto precisava se aproximar da meta.
unit-needs = { $unit } { $name } ({ $inches }")
# Várias unidades, qualquer uma serve.
one-of = { $units }
# O objetivo escrito com uma ordem combinada.
goal-objective = { $place } ({ $approach })
place-objective = { $objective } { $name }
place-feature = { $feature }
place-point = ({ $x }", { $y }")
target-troops = os { $troops } { $side ->
        [friendly] aliados
       *[other] inimigos
    }

## O que o lado da vez deve fazer

prompt-plan = Escreva o seu plano de batalha: dê ordens a cada comando com `/fw order` (uma ordem combinada leva o seu Objetivo ou Alvo) e depois lacre o plano com `/fw ready`. Cada plano fica lacrado até os dois lados estarem prontos.
prompt-battle = Turno { $turn } de { $turns }: informe movimentos (`/fw move`), contatos (`/fw contact`), baixas (`/fw destroyed`, `/fw left`) e avistamentos (`/fw sight`); depois, `/fw endturn`.
prompt-over = A batalha terminou.

## Como a batalha terminou

outcome-conceded = { $seat_o } desistiu
outcome-wiped-out = { $seat_o } não tem mais unidades no campo de batalha
outcome-objectives = { $seat_o } controla mais Objetivos ({ seat-north } { $north }, { seat-south } { $south })
outcome-losses = Objetivos empatados ({ $north } para cada lado), e { $seat_o } destruiu ou pôs em fuga mais unidades ({ $more } a { $fewer })
outcome-draw = empate: { $north ->
        [one] um Objetivo
       *[other] { $north } Objetivos
    } e { $lost ->
        [one] uma unidade perdida
       *[other] { $lost } unidades perdidas
    } para cada lado

## Eventos

event-orders-written = Ordens lacradas { $side_do } para { $command } { $name }.
event-plan-sealed = Plano de batalha { $side_do } lacrado.
event-battle-started = Os dois planos de batalha estão lacrados e a batalha começa: { $first_o } joga primeiro ({ $turns } turnos).
event-orders-revealed = { $command } { $name }, { $side_do }, { $changed ->
        [true] passa à ordem
       *[other] tem a ordem
    } { $order } (marcador de bandeiras: { $flags }){ $goal ->
        [none] {""}
       *[other] { " → " }{ $goal }
    }.
event-orders-switched = { $command } { $name }, { $side_do }: { $reason ->
        [objective] todas as unidades alcançaram o Objetivo
        [target] uma unidade chegou ao Alvo
       *[targets-gone] não resta nenhum Alvo elegível
    }, e a ordem { $order } dá lugar a { $now }, sem precisar de Teste de Líder de Batalha.
event-goal-reached = { $unit } { $name } alcança { $goal }.
event-unit-moved = { $forced ->
        [true] { $unit } { $name } faz um movimento forçado até ({ $x }", { $y }"){ $facing ->
            [none] {""}
           *[other] , de frente para { $facing }°
        }.
       *[other] { $make_room ->
            [true] { $unit } { $name } se desloca até ({ $x }", { $y }"){ $facing ->
                [none] {""}
               *[other] , de frente para { $facing }°,
            } para abrir espaço.
           *[other] { $unit } { $name } vai para ({ $x }", { $y }"){ $facing ->
                [none] {""}
               *[other] , de frente para { $facing }°
            }.
        }
    }
event-units-in-contact = { $unit } { $name } entra em contato com { $enemy } { $enemy_name }.
event-engagement-changed = { $unit } { $name } { $engaged ->
        [true] entra em combate
       *[other] sai do combate
    }.
event-unit-gone = { $unit } { $name }, { $side_do }, { $status ->
        [destroyed] foi destruída
       *[other] deixou o campo de batalha
    }.
event-sight-changed = { $unit } { $name } { $visible ->
        [true] está à vista do inimigo
       *[other] está fora da vista do inimigo
    }.
event-combat-orders = { $unit } { $name } combate sob { $governing } (ordem { $order }): { $modifier ->
        [0] sem modificador no Teste de Combate
       *[other] { $modifier } no Teste de Combate
    }; rola { $to_hit_dice } dados para acertar ({ $dice } de base).
event-to-hit-rolled = { $unit } { $name } rola para acertar: { $rolls }.
event-turn-began = Turno { $turn }: vez { $side_do }.
event-adjusted = O árbitro corrige { $unit ->
        [none] { $command }
       *[other] { $unit }
    } { $name }: { $fields }.
event-conceded = Desistência { $side_do }.
event-battle-resumed = O campo não está mais vazio: a batalha continua no turno { $turn }, com a vez { $active_do }.
event-battle-ended = A batalha terminou: { $reason }{ $by ->
        [conceded] { " " }(Objetivos controlados: { seat-north } { $north_objectives }, { seat-south } { $south_objectives })
        [wiped-out] { " " }(Objetivos controlados: { seat-north } { $north_objectives }, { seat-south } { $south_objectives })
       *[other] {""}
    }.

## O tabuleiro

panel-title = Fantasy Warriors: { $scenario }
panel-plans = Os planos de batalha estão sendo escritos
panel-plan = { $seat } ({ $army }): { $sealed ->
        [true] plano lacrado
       *[other] escrevendo o plano
    }
panel-turn = Turno { $turn } de { $turns }
panel-to-move = Vez { $seat_do }
panel-over = Fim da batalha: { $reason }
panel-orders = { $command } { $name }: { $order }{ $goal ->
        [none] {""}
       *[other] { " → " }{ $goal }
    }
panel-objective = { $objective } { $name }{ $holder ->
        [none] {""}
       *[other] : em poder { $holder_do }
    }
tag-reached = CHEGOU
tag-engaged = EM COMBATE
tag-hidden = OCULTA

## O seu próprio plano de batalha (só você vê)

secret-orders = { $command } { $name }: { $order }, marcador de bandeiras { $flags }{ $goal ->
        [none] {""}
       *[other] { " → " }{ $goal }
    }
secret-no-orders = { $command } { $name }: ainda sem ordens (`/fw order`)
secret-plan = { $sealed ->
        [true] Plano lacrado.
       *[other] Plano ainda não lacrado: `/fw ready` o lacra.
    }

## Recusas

refusal-not-a-side = Só o { seat-north } e o { seat-south } podem agir nesta batalha.
refusal-no-such-unit = Não existe a unidade `{ $unit }`; use o id de uma unidade, como N3.
refusal-ambiguous-unit = Há mais de uma unidade chamada `{ $unit }`; use o id: { $ids }.
refusal-no-such-command = Não existe o comando `{ $command }`; use o id de um comando, como C1.
refusal-not-own-unit = { $unit } { $name } pertence { $side_ao }.
refusal-not-own-command = { $command } { $name } pertence { $side_ao }.
refusal-out-of-play = { $unit } { $name } não está mais no campo de batalha ({ $status ->
        [destroyed] foi destruída
       *[other] saiu dele
    }).
refusal-point-incomplete = Informe x e y (em polegadas, a partir do canto inferior esquerdo).
refusal-off-the-table = ({ $x }", { $y }") fica fora da mesa de { $width }" × { $height }".
refusal-unknown-objective = `{ $objective }` não é um Objetivo deste campo de batalha: indique um ponto-chave ({ $known }) ou um ponto no formato x,y.
refusal-approach-needed = Há mais de um jeito de alcançar { $place }: diga em `approach` se as unidades devem encostar no Objetivo, entrar nele ou ficar em cima dele.
refusal-no-such-troops = Não há { $troops } { $side_do } no campo de batalha.
refusal-not-a-personality = { $unit } { $name } não é uma personalidade.
refusal-own-target = Um comando não pode ser o seu próprio Alvo.
refusal-target-gone = { $target } não está mais no campo de batalha.
refusal-unknown-target = `{ $target }` não é unidade, personalidade, comando nem tipo de tropa desta batalha.
refusal-target-side = `{ $target }` não é { $friendly ->
        [true] aliado
       *[other] inimigo
    }.
refusal-basic-order-no-goal = { $order } é uma ordem básica: não leva Objetivo nem Alvo.
refusal-needs-objective = { $order } leva um Objetivo (um lugar), não um Alvo.
refusal-needs-target = { $order } leva um Alvo (tropas), não um Objetivo.
refusal-objective-missing = { $order } precisa do seu Objetivo escrito junto com a ordem.
refusal-target-missing = { $order } precisa do seu Alvo escrito junto com a ordem.
refusal-plan-sealed = O seu plano de batalha está lacrado.
refusal-plan-already-sealed = O seu plano de batalha já está lacrado.
refusal-commands-unordered = Todos os comandos precisam de ordens antes: { $commands }.
refusal-order-change-needs-test = Na batalha, as ordens de { $command } { $name } só mudam depois de um Teste de Líder de Batalha bem-sucedido: informe-o com `passed_test:true`.
refusal-command-gone = { $command } { $name } não tem mais unidades a quem dar ordens.
refusal-forced-or-room = Um movimento é forçado ou feito para abrir espaço, não as duas coisas.
refusal-move-out-of-turn = A vez é { $seat_do }; fora da vez só se informam movimentos forçados (`forced:true`).
refusal-engaged-unit-stays = { $unit } { $name } está em combate: só se move quando forçada, ou depois de sair do combate.
refusal-hold-stays-put = { $command } { $name } está sob a ordem { $order }: as suas unidades ficam onde estão.
refusal-room-only-take-and-hold = Só uma unidade que toma e mantém um Objetivo abre espaço para quem chega depois.
refusal-room-not-there = { $unit } { $name } não chegou a { $place }, então não tem espaço a abrir.
refusal-room-must-stay = Ao abrir espaço, { $unit } { $name } precisa continuar em { $place }.
refusal-stay-at-objective = { $unit } { $name } começou este movimento em { $place } e precisa continuar lá ao terminá-lo.
refusal-moving-away = { $unit } { $name } não pode se afastar de { $goal } enquanto valer a sua ordem ({ $order }).
refusal-contact-a-friend = { $enemy } { $name } é uma unidade aliada, não inimiga.
refusal-already-in-contact = { $unit } { $name } já está em contato com { $enemy } { $enemy_name }.
refusal-contact-too-far = { $unit } { $name } está a { $gap }" de { $enemy } { $enemy_name }; informe antes o movimento que leva a sua base a até { $contact }".
refusal-take-and-hold-no-fight = { $command } { $name } está tomando e mantendo um Objetivo ({ $order }): não pode entrar em combate com o inimigo, nem com um que esteja no Objetivo.
refusal-contact-only-target = { $command } { $name } ({ $order }) não pode entrar em contato com nenhum inimigo além do seu Alvo.
refusal-nearest-target = { $unit } { $name } vai atrás do Alvo visível mais próximo ({ $nearest }), não de { $enemy } { $enemy_name }.
refusal-order-starts-no-fight = { $command } { $name } está sob a ordem { $order }, que não começa combates.
refusal-already-engaged = { $unit } { $name } já está em combate.
refusal-not-engaged = { $unit } { $name } não está em combate.
refusal-sight-unchanged = { $unit } { $name } já está { $visible ->
        [true] à vista
       *[other] fora da vista
    }.
refusal-roll-own-dice = Os dados de { $unit } { $name } são rolados pelo seu próprio lado.
refusal-press-on = Estas unidades não avançaram neste turno rumo ao seu Objetivo ou Alvo: { $units }. Informe os movimentos delas com `/fw move` (ou os inimigos no caminho).
refusal-press-on-allowance = Estas unidades não seguiram neste turno o caminho mais direto ou mais rápido: { $units }. Cada uma precisa se aproximar do seu Objetivo ou Alvo em metade do seu movimento (as polegadas indicadas), a não ser que chegue, lute, termine em contato com o seu Alvo, ou tenha licença para esperar ou contornar os inimigos no caminho. Informe os movimentos delas com `/fw move` (ou os combates).
refusal-outside-deployment-zone = { $unit } { $name } precisa ser posicionada inteiramente dentro da zona de desdobramento de { $side }.
refusal-units-overlap = { $unit } { $name } ficaria em cima de { $other } { $other_name }: blocos de figuras não podem se sobrepor.
refusal-adjust-what = Diga qual unidade ou comando corrigir.
refusal-adjust-unit-what = Diga o que mudar em { $unit } { $name }.
refusal-adjust-orders-what = Diga o que mudar nas ordens de { $command } { $name }.
refusal-adjust-no-orders = { $command } { $name } não tem ordens cuja etapa possa mudar.
refusal-unknown-scenario = Não existe o cenário `{ $scenario }` de Fantasy Warriors.

## Preenchimento automático

suggest-basic-order = { $order } ({ $order_summary })
suggest-combination = { $order } ({ $first } e depois { $second }; leva { $needs ->
        [objective] um Objetivo
       *[other] um Alvo
    })
suggest-approach = { $approach }
suggest-objective = { $objective } { $name }
suggest-feature = { $feature } ({ $kind })
suggest-command = { $command } { $name } ({ $side })
suggest-target-command = comando { $command } { $name } ({ $side })
suggest-target-unit = { $personality ->
        [true] personalidade
       *[other] unidade
    } { $unit } { $name } ({ $side })
suggest-target-troops = tipo de tropa: { $troops }
suggest-unit = { $unit } { $name } ({ $side }, { $kind })

## Botões

button-order = { $command }: { $order }{ $goal ->
        [none] {""}
       *[other] { " → " }{ $goal }
    }{ $approach ->
        [none] {""}
       *[other] { " " }({ $approach })
    }
button-ready = Lacrar o plano de batalha
button-move = Mover { $unit } para ({ $x }", { $y }")
button-contact = { $unit } contata { $enemy }
button-destroyed = { $unit } destruída
button-disengaged = { $unit } fora de combate
button-combat = { $unit }: { $dice } dados para acertar{ $roll ->
        [true] , rolados
       *[other] {""}
    }
button-end-turn = Encerrar o turno

## Ajuda dos comandos: /fw

command-fw = Ordens combinadas de Fantasy Warriors
command-fw-order = Dê ordens a um comando (com o seu Objetivo ou Alvo)
command-fw-order-command = O comando
command-fw-order-order = A ordem, por exemplo `storm` ou `take and hold`
command-fw-order-objective = Objetivo: um id, um elemento do terreno ou um ponto como 40,12
command-fw-order-target = Alvo: uma unidade, personalidade, comando ou tipo de tropa
command-fw-order-target_side = Se o Alvo é inimigo (`enemy`) ou aliado (`friendly`)
command-fw-order-approach = Como alcançar o Objetivo
command-fw-order-passed_test = Um Teste de Líder de Batalha foi bem-sucedido (exigido durante a batalha)
command-fw-ready = Lacre o seu plano de batalha
command-fw-move = Informe onde uma unidade está agora
command-fw-move-unit = A unidade (id ou nome)
command-fw-move-x = Polegadas a partir da borda esquerda (0-72)
command-fw-move-y = Polegadas a partir da borda de baixo (0-48)
command-fw-move-make_room = Deslocamento para abrir espaço no Objetivo
command-fw-move-forced = Um movimento forçado (fuga, recuo): sem conferir as ordens
command-fw-move-facing = Para onde a frente aponta agora, em graus: 0 borda norte, 90 leste (mantida se omitida)
command-fw-contact = Informe que uma unidade entrou em contato com uma unidade inimiga
command-fw-contact-unit = A unidade (id ou nome)
command-fw-contact-enemy = A unidade inimiga contatada
command-fw-engaged = Informe que uma unidade entrou em combate
command-fw-engaged-unit = A unidade (id ou nome)
command-fw-disengaged = Informe que uma unidade saiu do combate
command-fw-disengaged-unit = A unidade (id ou nome)
command-fw-destroyed = Informe que uma unidade foi destruída
command-fw-destroyed-unit = A unidade (id ou nome)
command-fw-left = Informe que uma unidade deixou o campo de batalha
command-fw-left-unit = A unidade (id ou nome)
command-fw-sight = Informe se uma unidade pode ser vista
command-fw-sight-unit = A unidade (id ou nome)
command-fw-sight-visible = `true` se ela pode ser vista
command-fw-combat = Veja o modificador do Teste de Combate e os dados para acertar de uma unidade
command-fw-combat-unit = A unidade (id ou nome)
command-fw-combat-dice = Dados para acertar antes das ordens
command-fw-combat-roll = Rolar os dados também
command-fw-endturn = Encerre o seu turno
command-fw-adjust = Árbitro: corrija uma unidade ou as ordens de um comando
command-fw-adjust-unit = A unidade a corrigir
command-fw-adjust-x = Polegadas a partir da borda esquerda (0-72)
command-fw-adjust-y = Polegadas a partir da borda de baixo (0-48)
command-fw-adjust-facing = Para onde a frente aponta, em graus: 0 borda norte, 90 leste
command-fw-adjust-status = A situação da unidade
command-fw-adjust-engaged = Em combate
command-fw-adjust-visible = Pode ser vista
command-fw-adjust-command = O comando a corrigir
command-fw-adjust-order = A sua ordem
command-fw-adjust-objective = O seu Objetivo
command-fw-adjust-target = O seu Alvo
command-fw-adjust-target_side = Se o Alvo é inimigo (`enemy`) ou aliado (`friendly`)
command-fw-adjust-approach = Como alcançar o Objetivo
command-fw-adjust-stage = Qual parte da ordem vale agora

## A posição em palavras (/game status e o seu botão de detalhes)

summary-side = { CAP($seat_o) }: { $in_play } { $in_play ->
        [one] unidade
       *[other] unidades
    } no campo de batalha, { $destroyed ->
        [0] nenhuma destruída
        [one] { $destroyed } destruída
       *[other] { $destroyed } destruídas
    }, { $left ->
        [0] nenhuma expulsa
        [one] { $left } expulsa
       *[other] { $left } expulsas
    } do campo.
summary-unit = · { $unit } { $name } ({ $kind }): { $status ->
        [destroyed] destruída
        [left] expulsa do campo de batalha
       *[other] em ({ $x }, { $y }){ $engaged ->
            [true] , em combate
           *[false] {""}
        }{ $visible ->
            [false] , fora da vista do inimigo
           *[true] {""}
        }
    }

## The turn message's button to a player's private controls

controls-button = Seu plano

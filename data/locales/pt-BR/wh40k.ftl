# Warhammer 40,000 (10ª edição), acompanhamento de batalha, em português do Brasil.
#
# Os valores chegam como { $nome }; lados, etapas, fases, Estratagemas, objetivos e os
# outros nomes abaixo chegam já traduzidos, com os seus atributos: { $seat_do } ("do
# Atacante"), { $step_a } ("a fase de Movimento"), { $step_phase } ("fase de Movimento").
# Além de .o, .do e .ao, cada lado define .O ("O Atacante"), para começar uma frase.
# Os nomes das unidades são os dos próprios jogadores e aparecem como foram escritos.
#
# Termos de regra seguem a tradução brasileira corrente das regras básicas: Pontos de
# Comando = PC, Pontos de Vitória = PV, Controle de Objetivo = CO, Choque de Batalha, Força
# Inicial, Abaixo da Metade da Força, Recuar, Fuga Desesperada, Líder, Guarda-costas.
# Palavras-chave (CHARACTER, GRENADES, VEHICLE...) ficam como se escrevem nas listas de
# exército, em inglês, e os comandos (`/wh40k next`...) como se digitam no Discord.

system-title = Warhammer 40,000: acompanhamento de batalha

## Cenários

scenario-take-and-hold = Tomar e Manter
    .summary = Cinco objetivos numa mesa de 60x44; os exércitos se posicionam a até 12 polegadas das bordas longas (o Atacante em y 0-12), e o Atacante joga o primeiro turno.

## Lados

seat-attacker = Atacante
    .O = O Atacante
    .o = o Atacante
    .do = do Atacante
    .ao = ao Atacante
seat-defender = Defensor
    .O = O Defensor
    .o = o Defensor
    .do = do Defensor
    .ao = ao Defensor

## Etapas do turno (`.phase`: a etapa como fase, ou passo da fase de Comando; `.a`: com artigo)

step-setup = Preparação
    .phase = preparação
    .a = a preparação
step-command = Comando
    .phase = passo de Comando
    .a = o passo de Comando
step-battle-shock = Choque de Batalha
    .phase = passo de Choque de Batalha
    .a = o passo de Choque de Batalha
step-movement = Movimento
    .phase = fase de Movimento
    .a = a fase de Movimento
step-shooting = Tiro
    .phase = fase de Tiro
    .a = a fase de Tiro
step-charge = Carga
    .phase = fase de Carga
    .a = a fase de Carga
step-fight = Combate
    .phase = fase de Combate
    .a = a fase de Combate
step-over = Fim da batalha
    .phase = fim da batalha
    .a = o fim da batalha

phase-command = fase de Comando
phase-movement = fase de Movimento
phase-shooting = fase de Tiro
phase-charge = fase de Carga
phase-fight = fase de Combate

## Ações, com o nome dos comandos que os jogadores digitam

action-start_battle = `/wh40k start`
action-next_phase = `/wh40k next`
action-roster = `/wh40k roster`
action-add_unit = `/wh40k addunit`
action-edit_unit = `/wh40k editunit`
action-remove_unit = `/wh40k removeunit`
action-attach = `/wh40k attach`
action-detach = `/wh40k detach`
action-move = `/wh40k move`
action-fall_back = `/wh40k fallback`
action-casualties = `/wh40k casualties`
action-restore = `/wh40k restore`
action-shock_test = `/wh40k shocktest`
action-stratagem = `/wh40k stratagem`
action-gain_cp = `/wh40k gaincp`
action-adjust_cp = `/wh40k adjustcp`
action-adjust_score = `/wh40k adjustscore`
action-adjust_shock = `/wh40k adjustshock`
action-score = `/wh40k score`
action-concede = `/game resign`

## O que fazer agora

prompt-setup = Registre os dois exércitos (`/wh40k roster`, `/wh40k addunit`, `/wh40k attach`), posicione as unidades com `/wh40k move` e comece com `/wh40k start`.
prompt-command = Passo de Comando: resolva as outras regras da fase de Comando (`/wh40k gaincp`, `/wh40k shocktest`); `/wh40k next` abre o passo de Choque de Batalha, que diz quais unidades fazem teste antes de qualquer dado.
prompt-command-v1 = Passo de Comando: resolva as outras regras da fase de Comando (`/wh40k gaincp`, `/wh40k shocktest`); `/wh40k next` rola os testes de Choque de Batalha.
prompt-battle-shock = Passo de Choque de Batalha: { $units } precisam fazer o teste. Antes dos dados, `/wh40k stratagem name:insane-bravery unit:` faz uma delas passar sem rolar (1 PC, uma vez por batalha); `/wh40k shocktest unit:` rola um teste, e `/wh40k next` rola os demais e leva à fase de Movimento.
prompt-battle-shock-done = Passo de Choque de Batalha: todos os testes foram feitos; `/wh40k next` leva à fase de Movimento.
prompt-battle-shock-v1 = Passo de Choque de Batalha (batalha começada com as regras anteriores): um teste que falhou ainda pode ser salvo com Insane Bravery ou Command Re-roll (`/wh40k stratagem`); `/wh40k next` leva à fase de Movimento.
prompt-movement = Fase de Movimento: informe os movimentos (`/wh40k move`, `/wh40k fallback`) e siga com `/wh40k next`.
prompt-shooting = Fase de Tiro: informe as baixas (`/wh40k casualties`) e siga com `/wh40k next`.
prompt-charge = Fase de Carga: informe os movimentos de carga e as baixas e siga com `/wh40k next`.
prompt-fight = Fase de Combate: informe baixas e pontos (`/wh40k score`); `/wh40k next` encerra o turno.
prompt-fight-last = Última fase de Combate: informe a pontuação final (`/wh40k score`); `/wh40k next` encerra a batalha.
prompt-over = A batalha terminou.

## O que aconteceu

event-roll-off = Disputa de dados pelo primeiro turno: o Atacante tirou { $attacker }, o Defensor { $defender }; { $winner_o } começa.
event-battle-started = A batalha começa; { $first_o } joga o primeiro turno.
event-phase-began = Rodada { $round }: começa { $step_a } { $seat_do }.
event-command-points-gained = { $side_O } ganha { $amount } PC ({ $source }) e agora tem { $cp } PC.
event-command-points-set = O árbitro ajusta os PC { $side_do } para { $cp }.
event-battle-shock-ended = { $name } sai do Choque de Batalha.
event-battle-shock-test-required = { $name } terá de fazer o teste por estar abaixo da sua Força Inicial{ $reason ->
        [none] {""}
       *[other] { " " }({ $reason })
    }.
event-battle-shock-tests-due = Testes de Choque de Batalha a fazer: { $names }.
event-battle-shock-test-rolled = Teste de Choque de Batalha de { $name } ({ $cause }{ $reason ->
        [none] {""}
       *[other] : { $reason }
    }): { $dice } = { $total } contra Liderança { $leadership }+; { $passed ->
        [true] passou.
       *[other] falhou, e a unidade fica em Choque de Batalha.
    }
event-battle-shock-test-overturned = Insane Bravery: { $name } passa no teste de Choque de Batalha, apesar dos dados.
event-battle-shock-test-auto-passed = Insane Bravery: { $name } passa no teste de Choque de Batalha sem rolar os dados.
event-battle-shock-set = O árbitro { $shocked ->
        [true] põe { $name } em Choque de Batalha.
       *[other] tira { $name } do Choque de Batalha.
    }
event-stratagem-used = { $side_O } usa { $stratagem }{ $unit ->
        [none] {""}
       *[other] { " " }em { $unit }
    } por { $cost } PC e fica com { $cp } PC.
event-fell-back = { $name } Recua.
event-desperate-escape-rolled = Fuga Desesperada de { $name }: dados { $dice }; { $lost ->
        [0] nenhuma miniatura perdida.
        [one] uma miniatura perdida.
       *[other] { $lost } miniaturas perdidas.
    }
event-models-destroyed = { $name } perde { $models ->
        [one] uma miniatura
       *[other] { $models } miniaturas
    }; { $remaining ->
        [0] não sobra nenhuma.
        [one] sobra uma.
       *[other] sobram { $remaining }.
    }
event-wounds-lost = { $name } sofre { $wounds ->
        [one] um ferimento
       *[other] { $wounds } ferimentos
    } ({ $models ->
        [0] nenhuma miniatura destruída
        [one] uma miniatura destruída
       *[other] { $models } miniaturas destruídas
    }); { $remaining ->
        [0] não sobra nenhuma.
        [one] sobra uma.
       *[other] sobram { $remaining }.
    }
event-models-restored = { $name } recupera { $models ->
        [0] nenhuma miniatura
        [one] uma miniatura
       *[other] { $models } miniaturas
    } e { $wounds ->
        [0] nenhum ferimento
        [one] um ferimento
       *[other] { $wounds } ferimentos
    }; agora tem { $remaining }.
event-unit-destroyed = A unidade { $name } ({ $side }) foi destruída{ $attached_to ->
        [none] {""}
       *[other] , e com ela se desfaz a unidade combinada com { $attached_to }
    }.
event-starting-strength-changed = A Força Inicial de { $name } volta de { $was } para { $now }.
event-below-half-strength-changed = { $name } { $below ->
        [true] agora está
       *[other] não está mais
    } Abaixo da Metade da Força.
event-unit-moved = { $name } { $arrived ->
        [true] chega das Reservas em
       *[other] vai para
    } ({ $x }", { $y }").
event-objective-control-changed = Objetivo { $objective } ({ $label }): { $holder ->
        [none] { $contested ->
            [true] em disputa
           *[other] ninguém o controla
        }
       *[other] agora é { $holder_do }
    } (CO: Atacante { $attacker_oc }, Defensor { $defender_oc }).
event-victory-points-scored = { $side_O } marca { $primary } PV na primária e { $secondary } na secundária na rodada { $round }; total de { $total } PV.
event-unit-added = { $side_O } acrescenta { $unit } { $name } ({ $models ->
        [one] uma miniatura
       *[other] { $models } miniaturas
    }) ao exército.
event-unit-edited = Alterações em { $unit } { $name }: { $fields }.
event-unit-removed = { $unit } { $name } sai do exército.
event-roster-loaded = { $side_O } carrega { $name ->
        [none] uma lista de exército
       *[other] a lista “{ $name }”
    }: { $units }.
event-unit-attached = { $leader } se une a { $bodyguard } como Líder: { $name }.
event-unit-detached = { $leader } deixa de liderar { $bodyguard }.
event-conceded = { $side_O } desiste da batalha.
event-battle-ended = A batalha terminou: { $reason }.

## Por que a batalha terminou

outcome-conceded = { $seat_o } desistiu
outcome-won = { $seat_o } venceu após { $rounds } rodadas de batalha, por { $attacker_vp } PV a { $defender_vp } PV
outcome-draw = empate após { $rounds } rodadas de batalha, { $attacker_vp } PV a { $defender_vp } PV

## Nomes usados nos eventos e nas recusas

cp-source-command-phase = fase de Comando
cp-source-other-rule = outra regra

cause-below-half-strength = abaixo da Metade da Força
cause-below-starting-strength = abaixo da Força Inicial
cause-re-roll = rerrolagem
cause-demanded = exigido por uma regra

field-name = nome
field-models = miniaturas
field-wounds = ferimentos
field-leadership = Liderança
field-oc = CO
field-keywords = palavras-chave
field-reserves = Reservas

objective-attacker-home = base do Atacante
objective-west-flank = flanco oeste
objective-centre = centro
objective-east-flank = flanco leste
objective-defender-home = base do Defensor

## Estratagemas
#
# Os nomes ficam em inglês, de propósito: os jogadores brasileiros costumam chamar os
# Estratagemas pelo nome em inglês, que é também o que se digita em `/wh40k stratagem`.
# Os resumos são traduzidos.

stratagem-command-re-roll = Command Re-roll
    .summary = Role de novo uma rolagem de acerto, ferimento, dano, salvamento, Avanço, Carga, Fuga Desesperada ou Perigoso, ou os dados do número de ataques; nunca um teste de Choque de Batalha.
stratagem-counter-offensive = Counter-offensive
    .summary = Logo depois que uma unidade inimiga combateu, uma unidade sua que ainda não combateu é a próxima a combater.
stratagem-epic-challenge = Epic Challenge
    .summary = Quando um CHARACTER seu é escolhido para combater, os ataques corpo a corpo dele ganham Precisão.
stratagem-insane-bravery = Insane Bravery
    .summary = Logo antes de uma unidade sua fazer um teste de Choque de Batalha, ela passa nele sem rolar. Uma vez por batalha.
stratagem-grenade = Grenade
    .summary = Uma unidade GRENADES fora de combate arremessa contra um inimigo a até 8 polegadas: seis dados, cada 4+ é um ferimento mortal.
stratagem-tank-shock = Tank Shock
    .summary = Um VEHICLE que acabou de terminar uma carga atropela um inimigo em alcance de engajamento, rolando dados por ferimentos mortais.
stratagem-rapid-ingress = Rapid Ingress
    .summary = No fim da fase de Movimento do adversário, uma unidade nas Reservas chega como se fosse a sua própria fase de Movimento.
stratagem-fire-overwatch = Fire Overwatch
    .summary = Quando uma unidade inimiga se move ou carrega por perto, uma unidade sua atira nela, acertando só com 6.
stratagem-go-to-ground = Go to Ground
    .summary = Uma unidade INFANTRY alvo de um ataque ganha salvamento invulnerável de 6+ e o benefício de cobertura.
stratagem-smokescreen = Smokescreen
    .summary = Uma unidade SMOKE alvo de um ataque ganha cobertura e Furtividade.
stratagem-heroic-intervention = Heroic Intervention
    .summary = Depois que uma unidade inimiga termina uma carga por perto, uma unidade sua carrega contra ela.

## Recusas

refusal-not-a-side = Só o Atacante e o Defensor podem agir nesta batalha.
refusal-no-scenario = Não existe o cenário { $scenario } de 40k.
refusal-no-unit = Não existe a unidade { $unit }; use o id de uma unidade, como U3.
refusal-ambiguous-unit = Há mais de uma unidade chamada { $unit }; use o id ({ $ids }).
refusal-not-your-unit = { $unit } { $name } pertence { $side_ao }.
refusal-unit-destroyed = { $unit } { $name } foi destruída.
refusal-x-and-y = Informe x e y (em polegadas a partir do canto inferior esquerdo).
refusal-off-the-table = ({ $x }", { $y }") fica fora da mesa de { $width }" x { $height }".
refusal-army-empty = { $side_O } ainda não tem unidades.
refusal-unit-needs-a-name = Uma unidade precisa de um nome.
refusal-edit-nothing = Diga pelo menos uma coisa a alterar.
refusal-leader-stays-character = { $name } lidera uma unidade, então precisa continuar CHARACTER.
refusal-bodyguard-not-character = { $name } tem um Líder, então não pode ser CHARACTER.
refusal-not-a-character = { $name } não é CHARACTER, então não pode liderar.
refusal-cannot-lead = { $name } não pode liderar { $bodyguard }.
refusal-two-leaders = { $bodyguard } recebeu mais Líderes do que pode ter ({ $limit }).
refusal-already-leads = { $name } já lidera { $bodyguard }.
refusal-bodyguard-is-character = { $name } é CHARACTER e não pode ser Guarda-costas.
refusal-already-led = { $name } já é liderada por { $leader } e pode ter { $limit ->
        [one] um Líder
       *[other] { $limit } Líderes
    }.
refusal-not-leading = { $name } não está liderando nenhuma unidade.
refusal-fall-back-step = As unidades Recuam na fase de Movimento; agora é { $step_a }.
refusal-in-reserves = { $name } está nas Reservas, não no campo de batalha.
refusal-nothing-lost = Informe pelo menos uma miniatura ou um ferimento perdido.
refusal-too-many-models = { $name } só tem { $models ->
        [one] uma miniatura
       *[other] { $models } miniaturas
    }.
refusal-nothing-restored = Informe pelo menos uma miniatura ou um ferimento a devolver.
refusal-past-starting-strength = { $name } começou com { $starting_strength ->
        [one] uma miniatura
       *[other] { $starting_strength } miniaturas
    } e não pode passar disso.
refusal-test-not-active = Só as unidades { $side_do } fazem testes nesta fase de Comando.
refusal-no-models-lost = { $name } não perdeu nenhuma miniatura.
refusal-test-already-called = { $name } já foi chamada a fazer o teste.
refusal-cp-cap = Além dos PC da fase de Comando, cada jogador ganha no máximo { $limit } PC por rodada de batalha; você já ganhou { $gained } nesta rodada.
refusal-no-stratagem = Não existe o Estratagema { $name }; os Estratagemas são: { $known }.
refusal-stratagem-timing = { $stratagem } é usado { $turn ->
        [own] no seu próprio turno
        [opponent] no turno do adversário
       *[either] no turno de qualquer jogador
    }, na { $phases }{ $only ->
        [none] {""}
       *[other] { " " }({ $only_phase })
    }; agora é { $step_a } { $seat_do }.
refusal-stratagem-once-per-battle = { $stratagem } só pode ser usado uma vez por batalha.
refusal-stratagem-once-per-phase = Você já usou { $stratagem } nesta fase.
refusal-stratagem-cost = { $stratagem } custa { $cost } PC e você tem { $cp }.
refusal-stratagem-needs-unit = Diga em qual unidade { $stratagem } é usado.
refusal-stratagem-no-unit = { $stratagem } não é usado numa unidade.
refusal-stratagem-needs-reserves = { $stratagem } precisa de uma unidade nas Reservas.
refusal-stratagem-keyword = { $stratagem } precisa de uma unidade com a palavra-chave { $keyword }.
refusal-no-failed-test = { $name } não falhou em nenhum teste de Choque de Batalha neste passo.
refusal-no-test-due = { $name } não tem teste de Choque de Batalha a fazer agora: Insane Bravery é usado no seu passo de Choque de Batalha, logo antes de um teste que o passo indica.
refusal-shocked-no-stratagems = { $name } está em Choque de Batalha: você não pode usar Estratagemas nela.
refusal-score-nothing = Informe algum ponto primário ou secundário.
refusal-score-below-zero = A pontuação de uma rodada não pode ficar abaixo de zero.
refusal-primary-cap = No máximo { $limit } pontos primários podem ser marcados (ficariam { $total }).
refusal-score-per-round = Este cenário dá no máximo { $limit } pontos { $kind ->
        [primary] primários
       *[other] secundários
    } a um lado numa rodada de batalha (ficariam { $total }). Se a mesa marcou mesmo esses pontos, um árbitro os registra com `/wh40k adjustscore`.
refusal-secondary-cap = No máximo { $limit } pontos secundários podem ser marcados (ficariam { $total }).

## Listas de exército que não podem ser lidas

refusal-roster-too-large = A lista tem { $chars } caracteres; só são lidos até { $limit }.
refusal-roster-too-many-lines = A lista tem { $lines } linhas; só são lidas até { $limit }.
refusal-roster-line-too-dotted = A linha { $line } da lista tem mais de { $limit } pontos.
refusal-roster-syntax = A lista não é um TOML válido{ $line ->
        [none] {""}
       *[other] { " " }(linha { $line }, coluna { $column })
    }.
refusal-roster-too-deep = A lista aninha listas ou tabelas fundo demais.
refusal-roster-too-many-items = A lista tem mais de { $limit } itens.
refusal-roster-entry = { $entry ->
        [none] A lista
       *[other] A unidade { $entry } da lista
    } tem um valor inválido: { $problem }
input-roster-duplicate-key = Duas unidades têm a mesma chave { $key }.
input-roster-unknown-leads = { $name } lidera { $leads }, que não é a chave de nenhuma unidade.
input-tuple-type = `{ $field }` precisa ser uma lista.
input-model-type = `{ $field }` precisa ser uma tabela com os valores de uma unidade.

## O tabuleiro

panel-title = Warhammer 40,000: { $scenario }
panel-setup = Preparação: os exércitos estão sendo reunidos
panel-over = Fim da batalha: { $reason }
panel-round = Rodada de batalha { $round } de { $last }
panel-turn = Vez { $seat_do }: { $step_phase }
panel-side = { $seat }: { $cp } PC, { $vp } PV (primária { $primary }, secundária { $secondary })
panel-reserves = Reservas: { $units }
tag-shocked = EM CHOQUE
tag-below-half = ABAIXO DA METADE

## Preenchimento automático

suggest-unit = { $unit } { $name } ({ $side }, { $models }/{ $starting }{ $destroyed ->
        [true] , destruída
       *[other] {""}
    })
suggest-stratagem = { $stratagem } ({ $cost } PC)

## Botões

button-start-battle = { $first ->
        [roll-off] Começar a batalha após a disputa de dados
        [attacker] Começar a batalha, o Atacante primeiro
        [defender] Começar a batalha, o Defensor primeiro
       *[other] Começar a batalha
    }
button-next-phase = { $to ->
        [tests] Rolar os testes de Choque de Batalha
        [step] Seguir para { $step }
        [turn] Encerrar o turno
        [round] Encerrar a rodada de batalha
        [battle] Encerrar a batalha
       *[other] Próxima fase
    }
button-attach = Unir { $leader } a { $bodyguard }
button-detach = Separar { $leader }
button-move = Mover { $unit } para ({ $x }", { $y }")
button-fall-back = { $unit } Recua
button-casualties = { $unit } perde { $models ->
        [0] { $wounds ->
            [one] um ferimento
           *[other] { $wounds } ferimentos
        }
        [one] uma miniatura
       *[other] { $models } miniaturas
    }
button-shock-test = Testar o Choque de Batalha de { $unit }
button-stratagem = { $name }{ $unit ->
        [none] {""}
       *[other] { " " }em { $unit }
    }
button-gain-cp = { CAP($seat_o) } ganha { $amount } PC por { $source } (no máximo 1 por rodada)
button-score = Marcar { $primary ->
        [0] { $secondary } PV secundários
       *[other] { $primary } PV primários
    }

## Comandos

command-wh40k = Warhammer 40,000: acompanhamento de batalha
command-wh40k-start = Termine a preparação e comece; sem `first:`, joga primeiro quem o cenário indica
command-wh40k-start-first = Quem joga o primeiro turno; se omitido, joga quem o cenário indica, sem disputa de dados
command-wh40k-next = Encerre esta fase e siga para a próxima
command-wh40k-roster = Carregue o exército: lista TOML, .ros/.rosz do BattleScribe/New Recruit ou texto do aplicativo
command-wh40k-roster-text = O arquivo da lista de exército
command-wh40k-addunit = Acrescente uma unidade ao seu exército antes da batalha
command-wh40k-addunit-name = O nome da unidade
command-wh40k-addunit-models = Quantas miniaturas
command-wh40k-addunit-wounds = Ferimentos por miniatura
command-wh40k-addunit-leadership = Liderança, por exemplo 6+
command-wh40k-addunit-oc = Controle de Objetivo por miniatura
command-wh40k-addunit-keywords = Palavras-chave, separadas por vírgula
command-wh40k-addunit-reserves = Começa nas Reservas
command-wh40k-editunit = Altere uma unidade antes da batalha
command-wh40k-editunit-unit = A unidade (id ou nome)
command-wh40k-editunit-name = O novo nome
command-wh40k-editunit-models = Quantas miniaturas
command-wh40k-editunit-wounds = Ferimentos por miniatura
command-wh40k-editunit-leadership = Liderança, por exemplo 6+
command-wh40k-editunit-oc = Controle de Objetivo por miniatura
command-wh40k-editunit-keywords = Palavras-chave, separadas por vírgula
command-wh40k-editunit-reserves = Começa nas Reservas
command-wh40k-removeunit = Retire uma unidade antes da batalha
command-wh40k-removeunit-unit = A unidade (id ou nome)
command-wh40k-attach = Una um Líder a uma unidade Guarda-costas
command-wh40k-attach-leader = A unidade Líder
command-wh40k-attach-bodyguard = A unidade Guarda-costas
command-wh40k-detach = Separe um Líder antes da batalha
command-wh40k-detach-leader = A unidade Líder
command-wh40k-move = Informe onde uma unidade está agora
command-wh40k-move-unit = A unidade (id ou nome)
command-wh40k-move-x = Polegadas a partir da borda esquerda (0-60)
command-wh40k-move-y = Polegadas a partir da borda de baixo (0-44)
command-wh40k-fallback = Recue com uma unidade (em Choque de Batalha, testa cada miniatura)
command-wh40k-fallback-unit = A unidade (id ou nome)
command-wh40k-fallback-x = Polegadas a partir da borda esquerda (0-60)
command-wh40k-fallback-y = Polegadas a partir da borda de baixo (0-44)
command-wh40k-fallback-first = Qual parte perde miniaturas primeiro
command-wh40k-casualties = Informe miniaturas perdidas ou ferimentos sofridos
command-wh40k-casualties-unit = A unidade (id ou nome)
command-wh40k-casualties-models = Miniaturas destruídas
command-wh40k-casualties-wounds = Ferimentos sofridos (sem destruir uma miniatura)
command-wh40k-restore = Devolva miniaturas ou ferimentos informados por engano
command-wh40k-restore-unit = A unidade (id ou nome)
command-wh40k-restore-models = Miniaturas a devolver
command-wh40k-restore-wounds = Ferimentos a curar
command-wh40k-shocktest = Faça um teste de Choque de Batalha que uma regra exige ou que o passo indica
command-wh40k-shocktest-unit = A unidade (id ou nome)
command-wh40k-shocktest-reason = A regra que o exige
command-wh40k-stratagem = Use um Estratagema (custa PC)
command-wh40k-stratagem-name = O Estratagema
command-wh40k-stratagem-unit = A unidade alvo
command-wh40k-gaincp = Ganhe PC de outra regra (no máximo 1 por rodada de batalha)
command-wh40k-gaincp-amount = Quantos PC
command-wh40k-gaincp-source = Qual regra concede os PC
command-wh40k-score = Registre os pontos de vitória marcados nesta rodada
command-wh40k-score-primary = PV primários
command-wh40k-score-secondary = PV secundários
command-wh40k-adjustcp = Árbitro: defina os PC de um lado
command-wh40k-adjustcp-side = O lado
command-wh40k-adjustcp-cp = Os PC dele
command-wh40k-adjustscore = Árbitro: somar PV de um lado nesta rodada além dos limites
command-wh40k-adjustscore-side = O lado
command-wh40k-adjustscore-primary = PV primários a somar (negativo tira)
command-wh40k-adjustscore-secondary = PV secundários a somar (negativo tira)
command-wh40k-adjustshock = Árbitro: ponha ou tire uma unidade do Choque de Batalha
command-wh40k-adjustshock-unit = A unidade (id ou nome)
command-wh40k-adjustshock-shocked = Se a unidade fica em Choque de Batalha


## A posição em palavras (/game status e o seu botão de detalhes)

summary-round = Rodada de batalha { $round } de { $last }: vez { $seat_do }, { $step_phase }.
summary-side = { CAP($seat_o) }: { $cp } PC, { $vp } PV; { $units } { $units ->
        [one] unidade
       *[other] unidades
    } em jogo, { $destroyed ->
        [0] nenhuma destruída
        [one] { $destroyed } destruída
       *[other] { $destroyed } destruídas
    }{ $below ->
        [none] {""}
       *[other] ; Abaixo da Metade da Força: { $below }
    }{ $shocked ->
        [none] {""}
       *[other] ; em Choque de Batalha: { $shocked }
    }.
summary-unit = · { $unit } { $name }: { $strength ->
        [one] {""}
       *[other] { $models } de { $strength } miniaturas
    }{ $hurt ->
        [none] {""}
       *[other] { $strength ->
            [one] {""}
           *[other] ,{" "}
        }{ $hurt } tem { $left } de { $wounds } ferimentos
    }{ $below ->
        [true] , Abaixo da Metade da Força
       *[false] {""}
    }{ $shocked ->
        [true] , em Choque de Batalha
       *[false] {""}
    }{ $reserves ->
        [true] , na Reserva
       *[false] {""}
    }
summary-objective = { $marker } { $objective } { $holder ->
        [none] { $contested ->
            [true] (disputado)
           *[false] (ninguém)
        }
       *[other] ({ $holder })
    }
summary-objectives = Objetivos: { $objectives }.

# --- listas de construtores de exército (.ros, .rosz, texto exportado pelo aplicativo) ---
command-wh40k-roster-datasheets = Fichas (um .cat do BSData ou um TOML) para unidades que faltam a este servidor
preview-roster = Lista { $name ->
        [none] sem nome
       *[other] “{ $name }”
    }: { $units } { $units ->
        [one] unidade
       *[other] unidades
    }, { $models } { $models ->
        [one] miniatura
       *[other] miniaturas
    }{ $points ->
        [none] {""}
       *[other] , { $points } pontos
    }.
preview-roster-unit = • { $name }{ $points ->
        [none] {""}
       *[other] {" "}({ $points } pontos)
    }{ $warlord ->
        [true] , Senhor da Guerra
       *[other] {""}
    }: { $models } { $models ->
        [one] miniatura
       *[other] miniaturas
    }{ $wounds ->
        [none] {""}
       *[other] , W { $wounds }, Ld { $leadership }+, OC { $oc }
    }{ $leads ->
        [none] {""}
       *[other] , lidera { $leads }
    }{ $reserves ->
        [true] , na Reserva
       *[other] {""}
    }
preview-roster-profile = {"    "}◦ { $name }: { $models } { $models ->
        [one] miniatura
       *[other] miniaturas
    }, W { $wounds }, Ld { $leadership }+, OC { $oc }
input-roster-profiles-count = As miniaturas dos perfis de { $name } não somam { $models }.
refusal-roster-not-a-roster = O arquivo não é um exército que saibamos ler: envie uma lista TOML, uma lista do BattleScribe ou do New Recruit (.ros ou .rosz) ou o texto exportado pelo aplicativo oficial.
refusal-roster-json = O arquivo JSON não é uma lista que saibamos ler (a exportação em JSON do New Recruit traz uma lista com suas forças); exporte a lista de novo do New Recruit, em JSON ou .rosz.
refusal-roster-file-too-large = O arquivo da lista tem { $kib } KiB; são lidas listas de até { $limit } KiB.
refusal-roster-zip = O arquivo .rosz não é um arquivo zip (o seu diretório não pode ser lido), então não tem lista que possamos achar.
refusal-roster-zip-members = O arquivo .rosz tem { $members } { $members ->
        [one] arquivo
       *[other] arquivos
    }, { $rosters } deles { $rosters ->
        [one] uma lista
       *[other] listas
    } (.ros); um .rosz tem exatamente uma lista.
refusal-roster-zip-size = O arquivo .rosz diz que a sua lista “{ $member }” tem { $claimed } bytes, mas ela descompacta em { $found } bytes: o arquivo foi danificado (cortado ou alterado). Exporte-o de novo.
refusal-roster-zip-checksum = A lista “{ $member }” do arquivo .rosz descompacta no tamanho que diz ter, mas a soma de verificação não confere: o arquivo foi danificado. Exporte-o de novo.
refusal-roster-zip-unreadable = A lista “{ $member }” do arquivo .rosz não pode ser descompactada (os dados estão danificados ou compactados de um jeito que os construtores de listas não usam). Exporte-o de novo.
refusal-roster-zip-ratio = O arquivo .rosz diz que descompacta em { $found } vezes o seu tamanho; uma lista compacta cerca de 10 vezes e mais de { $ratio } é recusado, então ele não é lido.
refusal-roster-xml-too-large = A lista descompactada passa de { $limit } KiB de XML; ela não é lida.
refusal-roster-xml-too-many-elements = A lista tem mais de { $limit } elementos XML; ela não é lida.
refusal-roster-xml-too-deep = A lista aninha o XML em mais de { $limit } níveis; ela não é lida.
refusal-roster-doctype = A lista declara um DOCTYPE (onde vivem as entidades XML); os construtores de listas não escrevem nenhum, então ela não é lida.
refusal-roster-xml = A lista não é um XML bem formado (linha { $line }: { $detail }).
refusal-roster-other-game = Esta é uma lista de { $game }, não de Warhammer 40,000 (10ª edição).
refusal-roster-no-units = A lista não tem unidades.
refusal-roster-too-many-units = A lista tem mais de { $limit } unidades; são lidas no máximo { $limit }.
refusal-roster-leads-nobody = { $name } lidera “{ $leads }”, que não é unidade da lista.
refusal-roster-no-profile = { $name } não tem perfil de unidade (W, Ld, OC) na lista.
refusal-roster-model-count = { $name } tem { $models } miniaturas na lista; uma unidade tem de 1 a 100.
refusal-roster-bad-characteristic = { $name } tem { $characteristic } “{ $value }”, que não é um número.
refusal-roster-no-characteristic = O perfil de { $name } não tem { $characteristic }.
refusal-roster-bad-unit = Não foi possível ler { $name } da lista (`{ $field }`).
refusal-roster-datasheets-unreadable = O arquivo de fichas não pode ser lido (`{ $reason }`).
refusal-roster-bad-datasheet = A ficha de { $name } não tem um número de que precisa (`models`, `wounds`, `leadership` ou `oc`).

## The turn message's button to a player's private controls

controls-button = Suas unidades

## rosters
command-wh40k-roster-points = Limite de pontos desta partida para cada exército (conferido ao aceitar)
preview-roster-enhancements = {"    "}◦ Aprimoramentos: { $names }
preview-roster-wargear = {"    "}◦ Equipamento: { $names }
preview-leads-title = Que unidade { $leader } lidera?
preview-leads = { $leader } lidera { $bodyguard }
preview-leads-nobody = { $leader } não lidera nenhuma unidade
preview-leads-detail = { $models } { $models ->
        [one] miniatura
       *[other] miniaturas
    }{ $points ->
        [none] {""}
       *[other] , { $points } pontos
    }
refusal-preview-not-a-leader = Essa unidade não é um dos Líderes desta lista; escolha de novo nas listas da prévia.
refusal-preview-cannot-join = A habilidade Líder de { $name } não inclui essa unidade; escolha uma das unidades que a lista oferece.

## missions

scenario-burden-of-trust = Fardo da Confiança
    .summary = A primária Fardo da Confiança do pacote de missões no mapa Cadinho da Batalha: marcadores mantidos fora da sua zona pontuam no seu turno, e unidades deixadas de guarda pontuam no turno do oponente.
scenario-hidden-supplies = Suprimentos Ocultos
    .summary = A primária Suprimentos Ocultos do pacote de missões no mapa Busca e Destruição: marcadores mantidos pontuam a partir da segunda rodada de batalha.
scenario-linchpin = Pedra Angular
    .summary = A primária Pedra Angular do pacote de missões no mapa Ponto de Virada: manter o marcador da sua própria zona faz cada outro marcador valer mais.
scenario-purge-the-foe = Expurgar o Inimigo
    .summary = A primária Expurgar o Inimigo do pacote de missões no mapa Alvorada da Guerra: destruir unidades pontua no fim de cada rodada de batalha, e marcadores mantidos no seu turno.
scenario-scorched-earth = Terra Arrasada
    .summary = A primária Terra Arrasada do pacote de missões no mapa Martelo e Bigorna: marcadores mantidos pontuam, e queimar os do inimigo pontua mais.
scenario-supply-drop = Lançamento de Suprimentos
    .summary = A primária Lançamento de Suprimentos do pacote de missões no mapa Combate Amplo: os marcadores da Terra de Ninguém valem mais à medida que os outros se perdem.
scenario-terraform = Terraformação
    .summary = A primária Terraformação do pacote de missões no mapa Martelo e Bigorna: marcadores mantidos pontuam, e os terraformados um pouco mais.
scenario-the-ritual = O Ritual
    .summary = A primária O Ritual do pacote de missões no mapa Alvorada da Guerra: marcadores erguidos na Terra de Ninguém pontuam para quem os mantém.
scenario-unexploded-ordnance = Munição Não Detonada
    .summary = A primária Munição Não Detonada do pacote de missões no mapa Busca e Destruição: marcadores mantidos pontuam a partir da segunda rodada de batalha.
primary-take-and-hold = Tomar e Manter
primary-supply-drop = Lançamento de Suprimentos
primary-linchpin = Pedra Angular
primary-burden-of-trust = Fardo da Confiança
primary-purge-the-foe = Expurgar o Inimigo
primary-terraform = Terraformação
primary-scorched-earth = Terra Arrasada
primary-hidden-supplies = Suprimentos Ocultos
primary-the-ritual = O Ritual
primary-unexploded-ordnance = Munição Não Detonada
deployment-dawn-of-war = Alvorada da Guerra
deployment-hammer-and-anvil = Martelo e Bigorna
deployment-search-and-destroy = Busca e Destruição
deployment-sweeping-engagement = Combate Amplo
deployment-crucible-of-battle = Cadinho da Batalha
deployment-tipping-point = Ponto de Virada
zone-deployment = Zona do { $seat }
objective-north-flank = Flanco norte
objective-south-flank = Flanco sul
panel-mission = Missão: { $mission }{ $deployment ->
        [none] {""}
       *[other] {" "}em { $deployment }
    }
refusal-primary-not-now = { $mission } não dá pontos primários agora (rodada de batalha { $round }, este turno): informe-os num turno em que a missão os dá.
refusal-primary-turn-cap = { $mission } dá no máximo { $limit } pontos primários neste turno (isto somaria { $total }).
refusal-mission-too-old = Esta batalha começou antes de as missões poderem ser escolhidas; ela mantém a do seu cenário.
refusal-no-mission = Não há missão primária chamada `{ $mission }`. Tente uma destas: { $choices }.
refusal-no-deployment = Não há mapa de posicionamento chamado `{ $deployment }`. Tente um destes: { $choices }.
command-wh40k-start-mission = A missão primária a jogar (do pacote de missões); omitida, a do cenário
command-wh40k-start-deployment = O mapa de posicionamento (zonas e marcadores de objetivo); omitido, o do cenário

## appexport: the app's text export for every faction, datasheets a server uploads

command-wh40k-datasheets = As fichas deste servidor para o texto do aplicativo: liste, envie ou remova
command-wh40k-datasheets-upload = O catálogo do BSData da sua facção (.cat) ou um TOML de fichas, guardado ao aceitar
command-wh40k-datasheets-remove = O envio a esquecer (quem o enviou ou um moderador)
refusal-app-missing-datasheets = Nada foi carregado: { $count ->
        [one] uma unidade da exportação não tem
       *[other] { $count } unidades da exportação não têm
    } ficha aqui, então W, Ld e OC são desconhecidos: { $units }. O Banneret traz fichas só de algumas unidades de duas facções, em `data/wh40k/datasheets/` (as da Games Workshop não são nossas para distribuir), { $uploaded ->
        [0] e este servidor não enviou nenhuma.
        [one] e o único envio que este servidor guarda não as tem.
       *[other] e nenhum dos { $uploaded } envios que este servidor guarda as tem.
    } Para fornecê-las uma vez para todos aqui, baixe o catálogo da sua facção (`.cat`) em github.com/BSData/wh40k-10e e envie com `/wh40k datasheets upload:`; ou envie um TOML de fichas junto com esta exportação (`/wh40k roster text: datasheets:`, os campos de `data/wh40k/datasheets/space-marines.toml`).
refusal-datasheets-not-datasheets = O arquivo não é um arquivo de fichas que saibamos ler: envie um catálogo do BSData (.cat) ou um TOML de fichas.
refusal-datasheets-field = O arquivo de fichas tem um erro em `{ $field }`{ $name ->
        [none] {""}
       *[other] {" "}(ficha “{ $name }”)
    }: cada ficha precisa de `name` e `leadership`, e de `wounds` e `oc` (ou `profiles`), dentro dos limites de uma ficha.
refusal-catalogue-xml-too-large = O catálogo tem mais de { $limit } KiB de XML; não é lido.
refusal-catalogue-xml-too-many-elements = O catálogo tem mais de { $limit } elementos XML; não é lido.
refusal-catalogue-xml-too-deep = O catálogo aninha seu XML em mais de { $limit } níveis; não é lido.
refusal-catalogue-doctype = O catálogo declara um DOCTYPE (onde vivem as entidades XML); os catálogos do BSData não têm nenhum, então não é lido.
refusal-catalogue-xml = O catálogo não é XML bem formado (linha { $line }); baixe-o de novo.
refusal-catalogue-no-datasheets = O catálogo não tem nenhuma unidade com um perfil que dê W, LD e OC. Alguns arquivos do BSData só apontam para um arquivo de biblioteca: para essas facções, envie o arquivo cujo nome termina em `Library`.
refusal-catalogue-too-many = O catálogo tem mais de { $limit } fichas; uma facção tem menos, então não é lido.
datasheets-preview = Fichas { $name ->
        [none] sem nome
       *[other] “{ $name }”
    }: { $count } { $count ->
        [one] ficha
       *[other] fichas
    }, { $leaders } com uma habilidade de Líder que nomeia suas unidades.
datasheets-sheet = • { $name }: { $models }{ $most ->
        [none] {""}
       *[other] –{ $most }
    } { $most ->
        [none] { $models ->
            [one] miniatura
           *[other] miniaturas
        }
       *[other] miniaturas
    }{ $wounds ->
        [none] {""}
       *[other] , W { $wounds }, Ld { $leadership }+, OC { $oc }
    }{ $leads ->
        [none] {""}
       *[other] ; lidera { $leads }
    }

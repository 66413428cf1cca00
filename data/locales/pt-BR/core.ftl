# As palavras do próprio Banneret em português do Brasil: respostas, recusas, botões e
# ajuda dos comandos que todos os sistemas de jogo compartilham. As palavras de cada
# sistema ficam em <sistema>.ftl, ao lado deste arquivo.
#
# Os valores chegam como { $nome }. Um lado (seat), uma etapa ou outro nome que o
# catálogo dá chega já traduzido, junto com os seus atributos: { $seat_o } ("o Oeste"),
# { $seat_do } ("do Oeste"), { $seat_ao } ("ao Oeste"). Todo nome de lado em
# português define esses três atributos. No começo de uma frase, { CAP($seat_o) } dá
# "O Oeste". Verdadeiro e falso chegam como "true" e "false".

number = { $n }
# Um texto longo digitado por um jogador, citado só em parte.
text-abridged = { $start }… ({ $count } caracteres)
seat-referee = o árbitro
    .o = o árbitro
    .do = do árbitro
    .ao = ao árbitro

## Recusas comuns a todos os sistemas

refusal-game-over = A partida terminou; nenhuma ação é mais aceita.
refusal-not-your-turn = É a vez { $seat_do } ({ $step }); aguarde a jogada.
refusal-wrong-step = A partida está na etapa { $step }, onde { $action } não cabe. Agora valem: { $open }.
refusal-unknown-action = Não existe a ação { $action } nesta partida.

## Comandos que não puderam ser lidos

input-invalid = `{ $field }` não é válido aqui.
input-value-error = `{ $field }`: { $error }
input-missing = Falta { $field }.
input-extra-forbidden = `{ $field }` não é uma opção desta ação.
input-int-parsing = `{ $field }` precisa ser um número inteiro.
input-int-type = `{ $field }` precisa ser um número inteiro.
input-int-from-float = `{ $field }` precisa ser um número inteiro.
input-float-parsing = `{ $field }` precisa ser um número.
input-float-type = `{ $field }` precisa ser um número.
input-bool-parsing = `{ $field }` precisa ser true ou false.
input-bool-type = `{ $field }` precisa ser true ou false.
input-string-type = `{ $field }` precisa ser um texto.
input-greater-than-equal = `{ $field }` precisa ser no mínimo { $ge }.
input-greater-than = `{ $field }` precisa ser maior que { $gt }.
input-less-than-equal = `{ $field }` pode ser no máximo { $le }.
input-less-than = `{ $field }` precisa ser menor que { $lt }.
input-number-range = `{ $field }` precisa estar entre { $low } e { $high }.
input-string-too-short = `{ $field }` precisa de pelo menos { $min_length ->
        [one] um caractere
       *[other] { $min_length } caracteres
    }.
input-string-too-long = `{ $field }` pode ter no máximo { $max_length } caracteres.
input-too-short = `{ $field }` precisa de pelo menos { $min_length ->
        [one] um item
       *[other] { $min_length } itens
    }.
input-too-long = `{ $field }` pode ter no máximo { $max_length } itens.
input-literal-error = `{ $field }` precisa ser um destes: { $expected }.
input-enum = `{ $field }` precisa ser um destes: { $expected }.
input-union-tag-invalid = Não existe a ação { $tag } nesta partida.
input-union-tag-not-found = A ação não diz o seu tipo.
input-several = { $problems }
input-unbalanced-quotes = Há uma aspa aberta que não foi fechada.
input-not-name-value = `{ $word }` deve ser escrito como nome:valor.
input-no-such-command = Não existe o comando `/{ $command }`.{ $near ->
        [none] {""}
       *[other] { " " }Tente: { $near }.
    }
input-no-such-option = /{ $command } não tem a opção `{ $option }`; ele aceita { $expected }.
input-no-options = nenhuma opção
input-needs = /{ $command } precisa de { $missing }.
input-one-of = `{ $option }` precisa ser um destes: { $choices }.
input-no-such-button = Não há o botão { $button } na última resposta.
input-unknown-button = Esse botão não é do Banneret.
input-name-an-action = Diga uma ação, por exemplo `{ $example }`.
input-not-an-action = `{ $name }` não é uma ação de { $group }; tente uma destas: { $choices }.

## Erros que o jogador pode corrigir

error-no-game = Não há partida neste canal. Comece uma com `/game new`.
error-game-finished = A partida deste canal terminou: { $result } `/game export` baixa o registro dela, e `/game new` começa outra partida aqui.
error-game-exists = Este canal já tem uma partida ({ $system }, { $status }). Termine-a com `/game resign` ou `/game end`, ou comece outra em um tópico.
error-not-seated = Você não está jogando esta partida. Espectadores podem usar `/game status` e `/rules`.
error-not-your-turn = Não é a sua vez: aguardando { $seat_o } ({ $step }).
error-game-not-started = A partida ainda não começou: aguardando { $seats } entrar.
error-game-over = Esta partida terminou. Ainda é possível usar `/game status`, `/game log`, `/game export` e `/game verify`.
error-referee-only = Só quem criou a partida ou um moderador do canal pode fazer isso.
error-seat-taken = O lugar { $seat_do } já está ocupado.
error-no-free-seat = Não há lugar livre nesta partida.
error-invited-other = O lugar { $seat_do } está reservado para outra pessoa.
error-already-seated = Você já joga com { $seat_o } nesta partida.
error-unknown-system = Não existe o sistema de jogo `{ $system }`. Opções: { $choices }.
error-unknown-scenario = Não existe o cenário `{ $scenario }` de { $system }. Opções: { $choices }.
error-unknown-seat = Não existe o lugar `{ $seat }`. Os lugares são: { $choices }.
error-bad-input = Não foi possível entender o comando: { $problem }
error-stale = Esse botão pertence a uma posição antiga da partida (ela já avançou). Nada foi aplicado: use a mensagem mais recente.
error-nothing-to-undo = Não há nada que você possa desfazer.
error-no-undo-request = Não há pedido para desfazer a ser respondido.
error-own-undo-request = Você não pode responder ao seu próprio pedido; o adversário é quem responde.
error-internal = Algo deu errado do nosso lado e a sua ação não foi aplicada. O erro foi registrado (partida { $game }, referência { $ref }).
error-unknown-rule = Não existe regra com o id `{ $rule }`. Use `/rules search` para encontrar uma.
error-file-too-large = `{ $name }` tem { $kib } KiB; só são lidos arquivos de até { $limit } KiB. Nada foi alterado.
error-file-not-text = `{ $name }` não é um arquivo de texto (UTF-8). Envie a lista do exército como texto TOML simples; nada foi alterado.
error-file-missing = Não há arquivo `{ $name }` para ler.
error-no-claim = Essa alegação já foi resolvida, ou não existe.
error-not-claim-subject = Só { $subject_o }, ou um árbitro que não ocupa lugar na partida, pode resolver esta alegação.
error-adjust-referee = Nesta partida só um árbitro que não ocupa lugar faz ajustes. Peça a um moderador.
error-reports-referee = Nesta partida só um árbitro informa o que acontece com as unidades { $subject_do }. Informe as suas próprias unidades, ou peça a um moderador.
error-setting-refused = Você não pode mudar `{ $option }` agora. { $why } Quem pode mudar: { $who }.
setting-why-open = A partida espera jogadores, e quem a criou a prepara.
setting-why-seated = Os jogadores se sentaram com estas configurações.
setting-why-started = A partida está em andamento: um jogador não muda nada que valha para o outro lado sem a concordância dele.
setting-why-league = Esta é uma partida de liga: o controle de tempo e os lembretes são da liga.
setting-why-ended = A partida terminou, e o registro dela não muda mais.
setting-why-league-open = A liga ainda não começou, e o árbitro dela a prepara.
setting-why-league-running = A liga está em andamento: o formato e os pontos com que os jogadores entraram ficam como estão.
setting-why-league-finished = A liga terminou, e os resultados dela não mudam mais.
setting-role-moderator = um moderador
setting-role-player = um jogador
setting-role-player-agreed = um jogador com a concordância do outro lado
setting-role-league-referee = o árbitro da liga
setting-role-creator = quem criou a partida
setting-role-referee = quem criou a partida, se não estiver jogando
setting-role-other = qualquer pessoa
setting-role-nobody = ninguém
setting-who = { $options } — quem pode mudar agora: { $who }.
error-guild-only = O Banneret conduz partidas em canais e tópicos de servidores; use os comandos lá.
error-bot-opponent = { $user } é um bot e não pode jogar; convide uma pessoa.

## Decisões e regras

rule-ruling-private = Isso revelaria o que { $seat_o } tem na mão, então só { $seat_o } pode pedir essa decisão.
rule-refused = Não permitido: { $reason }
rule-ruling-legal = Permitido: { $action } pode ser feito agora.
rule-ruling-illegal = Não permitido: { $reason }
rule-rule-line = Regra `{ $id }` — { $title }
rules-found = { $count ->
        [one] Uma regra corresponde a `{ $query }`.
       *[other] { $count } regras correspondem a `{ $query }`.
    }
rules-none = Nenhuma regra corresponde a `{ $query }`.
rules-answer = Você perguntou: “{ $question }”
rules-game-name = { $system ->
        [samurai] Samurai Battles
        [bushido] Bushido
        [wh40k] Warhammer 40,000
        [fantasy_warriors] Fantasy Warriors
       *[other] { $system }
    }
rules-answered-from = Sua pergunta usa termos de { $system }, não do jogo deste canal ({ $channel }): esta é a regra de { $system }.
rules-also-in = Sua pergunta também usa termos de { $system }. A regra mais próxima de { $system }:
rules-did-you-mean = Você quis dizer uma destas?
rules-line = `{ $id }` — { $title }
rules-show = `{ $id }` — **{ $title }**
rules-source = Fonte: { $source ->
        [seed] reescreve com outras palavras o trecho de regras `{ $origin }`.
        [published] um fato publicado do jogo, com as nossas palavras.
        [house] uma regra da casa: a escolha do Banneret onde nada publicado decide.
       *[banneret] como o Banneret conduz as partidas.
    }

## Partidas

game-created = Nova partida de { $system }: **{ $scenario }**. { $creator } joga com { $seat_o }.
game-invited = { $user } foi convidado a jogar com { $seat_o }: aceite com o botão ou com `/game join`.
game-open-seat = O lugar { $seat_do } está livre: entre com `/game join`.
game-joined = { $user } entra com { $seat_o }. A partida começa!
game-seed-published = Impressão digital da semente dos dados (SHA-256): `{ $hash }`. A semente é revelada quando a partida termina, para que qualquer um possa refazer cada rolagem.
game-seed-revealed = A semente dos dados era `{ $seed }`; confira cada rolagem com `banneret verify`.
game-turn = Agora joga { $seat_o }: { $hint }
game-winner = **Vitória { $seat_do }** — { $reason }
game-draw = **Empate** — { $reason }
game-ended-without-winner = A partida foi encerrada sem vencedor.
result-resigned = { CAP($seat_o) } desistiu.
result-ended = { $user } encerrou a partida.
game-resigned = { CAP($seat_o) } desiste.
game-ended = A partida foi encerrada por { $user }.
# $what são eventos já redigidos, cada um terminando com o seu ponto final.
game-undone = { CAP($seat_o) } volta atrás: { $what }
game-undo-requested = { CAP($seat_o) } pede para desfazer a última ação ({ $what }). { $other }, você concorda?
game-undo-refused = { CAP($seat_o) } recusa o pedido. A partida continua.
game-undo-agreed = { CAP($seat_o) } concorda. A última ação foi desfeita.
game-status-title = { $system }: { $scenario }
game-log-empty = Nada aconteceu ainda.
game-log-line = #{ $seq } { $seat }: { $what }
game-log-join = { CAP($seat_o) } ocupa o seu lugar.
game-log-resign = { CAP($seat_o) } desiste.
game-log-end = A partida foi encerrada por { $user }.
game-log-substitute = { $user } assume { $seat } no lugar de { $out } (substituto da liga): as jogadas daqui em diante são dele.
game-log-line-referee = #{ $seq } { $what }
game-log-undo = Uma ação é desfeita.
turn-recap = Desde a sua última vez:
turn-recap-more = …e mais { $count }: veja a mensagem anterior ou `/game log`.
game-log-undo-request = { CAP($seat_o) } pede para desfazer uma ação.
game-log-undo-refused = O pedido para desfazer é recusado.
game-log-claim-agreed = A alegação é aceita.
game-log-claim-disputed = A alegação é contestada.
game-log-claim-withdrawn = A alegação é retirada.
game-log-claim-lapsed = A alegação perde o efeito.
game-footer = partida { $game } · posição { $version }
game-seats = { $seats }
game-seat-holder = { $seat }: { $user }
game-seat-free = { $seat }: —
game-verify-ok = Partida { $game }: consistente — { $actions ->
        [one] a sua única ação refaz
       *[other] as { $actions } ações refazem
    } exatamente a posição guardada.
game-verify-bad = Partida { $game }: NÃO consistente — { $problem }
verify-engine = { $recorded ->
        [none] {""}
       *[other] { " " }(gravada com o motor { $recorded }, refeita com o { $replayed })
    }
verify-seed-mismatch = a semente não corresponde à impressão digital publicada no início da partida
verify-action-refused = a ação registrada nº { $seq } agora é recusada pela regra { $rule }{ verify-engine }
verify-action-unreadable = a ação registrada nº { $seq } já não pode ser lida{ verify-engine }
verify-entry-wrong = o registro nº { $seq } { $what ->
    [gap] está faltando (o registro pula um número, ou foi cortado)
    [creator] deveria ser quem criou a partida ocupando um lugar
    [seat] indica um lugar que não confere (ocupado, desconhecido, ou diferente do da ação)
    [claim] responde a uma alegação que não está aberta
    [actor] foi feito por alguém que não podia fazê-lo naquele momento (sem lugar, ou não o lugar indicado)
    [time] tem um horário fora de ordem (antes do registro anterior, antes de a partida começar, ou depois da sua última mudança)
    [events] traz eventos, que esse tipo de registro nunca tem
    [irreversible] está marcado como irreversível (ou não) ao contrário dos eventos que o replay dá
    [undo] desfaz uma ação que não era a última em vigor
   *[other] está errado
}
verify-fact-differs = { $fact ->
    [creator] quem criou a partida
    [seats] os lugares da partida
    [status] a situação da partida
    [winner] o vencedor da partida
    [result] o resultado da partida
    [version] a versão da partida
    [seed_revealed] a revelação da semente
    [pending] os pedidos em aberto
   *[other] um dado da partida
} não confere com o registro
verify-crashed = não foi possível ler a partida guardada ({ $detail })
verify-malformed-record = o registro está incompleto ou malformado ({ $detail })
verify-digest-differs = o resumo (digest) do registro não confere com o log (foi cortado, reordenado ou editado)
verify-events-differ = a ação #{ $seq } dá outros eventos ao ser refeita{ verify-engine }
verify-position-differs = a posição guardada difere da posição refeita{ verify-engine }
verify-no-game = não existe a partida { $game }
verify-not-a-record = isto não é um registro { $format }
verify-no-system = não existe aqui o sistema de jogo { $system }
game-verify-pending-seed = Partida { $game }: a semente ainda não foi revelada, então as rolagens poderão ser conferidas quando a partida terminar.
game-settings = Configurações: idioma { $language }, controle de tempo { $deadline }, informes sobre unidades do outro lado: { $reports }, um árbitro que não joga vê: { $referee }.
game-reports-trust = aceitos
game-reports-confirm = precisam da concordância desse lado
game-reports-referee = só do árbitro
game-referee-sees-public = só a posição pública
game-referee-sees-everything = o que cada lado esconde
game-no-deadline = nenhum
game-exported = O registro da partida está em anexo. O seu resumo (digest) é `{ $digest }`: uma cópia com outro resumo não é este registro.
game-nobody = ninguém
game-time-control = { $control } (lembretes { $points } antes)
game-no-reminders = nenhum
clock-left = Vez { $seat_do } ({ $user }) — restam { $left }
clock-paused = Vez { $seat_do } ({ $user }) — de férias por mais { $pause }, depois restam { $left }
clock-out = Vez { $seat_do } ({ $user }) — o tempo acabou
clock-span-days = { $days } d { $hours } h
clock-span-hours = { $hours } h { $minutes } min
clock-span-minutes = { $minutes } min
clock-reminder = ⏰ { $user }, restam { $left } para { $seat_o } jogar.
clock-reminder-dm = ⏰ { $user }, restam { $left } para { $seat_o } jogar na sua partida de { $system } em { $channel }.
clock-out-of-time-remind = ⌛ { $user }, o tempo { $seat_do } acabou. A partida continua: jogue assim que puder.
clock-out-of-time-claim = ⌛ O tempo { $seat_do } ({ $user }) acabou. { $other }, você pode reivindicar a vitória com o botão abaixo, ou seguir jogando.
clock-out-of-time-forfeit = ⌛ O tempo { $seat_do } ({ $user }) acabou, e { $seat_o } perde a partida.
result-out-of-time = O tempo { $seat_do } acabou.
clock-claimed = { CAP($seat_o) } reivindica a vitória: o tempo { $loser_do } acabou.
clock-extended = { $user } dá mais { $hours } h { $seat_ao }.
clock-holiday = { CAP($seat_o) } está de férias por { $hours } h: o relógio fica parado até lá (restam { $left } de férias permitidas).
clock-reminders-dm = Os seus lembretes de vez vão chegar por mensagem direta, em todas as partidas.
clock-reminders-channel = Os seus lembretes de vez serão publicados no canal de cada partida.
button-claim-win = Reivindicar a vitória
game-log-time-expired = O tempo { $seat_do } acabou ({ $policy ->
        [claim] o adversário pode reivindicar a vitória
       *[other] a partida continua
    }).
game-log-out-of-time = O tempo { $seat_do } acabou, e { $seat_o } perde ({ $policy ->
        [claim] a vitória foi reivindicada
       *[other] derrota por tempo
    }).
game-log-extend = { $user } dá mais { $hours } h { $seat_ao }.
game-log-holiday = { CAP($seat_o) } tira férias de { $hours } h.
game-log-settings = { $user } muda as configurações{ $agreed ->
    [true] , com a concordância do outro lado
   *[false] {""}
}: { $changes }.
error-no-clock = Esta partida não tem controle de tempo em andamento. `/game settings time:` define um, p. ex. `48h` ou `3d+1d/7d`.
remind-bad = “{ $value }” não é uma lista de lembretes. Digite até cinco tempos antes do prazo, separados por vírgulas, como `24h,1h` ou `2d,12h,30m`, ou `none` para nenhum lembrete.
error-extend-own-clock = Você não pode dar mais tempo a si mesmo enquanto é a sua vez: peça a um moderador, ou tire férias se a partida permitir (`/game holiday`).
error-holiday-too-long = Férias de { $hours } h passam do que você ainda tem: { $left } das { $allowance } que esta partida permite.
error-clock-expired = O seu tempo já acabou, então as férias não podem mais pausá-lo. Peça mais tempo a quem criou a partida ou a um moderador (`/game extend`).
error-not-out-of-time = O tempo { $seat_do } não está mais esgotado: a jogada foi feita, ou o prazo foi estendido. A partida continua.
error-not-time-claimant = Só o adversário { $seat_do } pode reivindicar esta vitória.

language-en = inglês
language-pt-br = português do Brasil

## O que só você vê

hand-nothing-hidden = Nada nesta partida é oculto: `/game status` mostra tudo o que os dois lados sabem.
hand-title = Só você vê isto:
hand-referee-title = O que cada lado esconde (você arbitra esta partida sem jogar)
hand-empty = A sua mão está vazia.
hand-seat-line = { $seat }: { $line }

## Alegações sobre unidades do outro lado

claim-made = { $kind ->
    [settings] { CAP($seat_o) } pede para mudar as configurações: { $what }. Isso acontece quando { $other } concordar.
    [consent] { CAP($seat_o) } pede: { $what } Isso acontece quando { $other } concordar.
   *[report] { CAP($seat_o) } informa: { $what } Isso diz respeito às unidades { $subject_do }, então só vale quando { $other } concordar.
}
claim-logged = alega: { $what }
claim-agreed = { CAP($seat_o) } concorda com { $kind ->
    [settings] a mudança de configurações
    [consent] o pedido
   *[report] o informe
} { $claimant_do }.
claim-disputed = { CAP($seat_o) } { $kind ->
    [settings] recusa a mudança de configurações
    [consent] recusa o pedido
   *[report] contesta o informe
} { $claimant_do }, então nada muda. Resolvam na mesa, ou peçam a um moderador que decida.
claim-withdrawn = { CAP($seat_o) } retira { $kind ->
    [settings] o pedido de mudar as configurações
    [consent] o pedido
   *[report] o informe
}; nada muda.
claim-lapsed = { $kind ->
    [settings] A mudança de configurações
    [consent] O pedido
   *[report] O informe
} { $claimant_do } já não pode ser aplicado e perde o efeito: { $reason }
claim-waiting = Aguardando { $subject_o }: { $seat_o } { $kind ->
    [settings] pede para mudar as configurações:
    [consent] pede
   *[report] informa
} { $what } (alegação { $seq })

## Botões

button-accept = Aceitar o convite
button-join = Entrar como { $seat }
button-agree-undo = Concordar em desfazer
button-refuse-undo = Recusar
button-agree-claim = Concordo
button-dispute-claim = Contesto
button-details = Posição por extenso
button-rule = Regra: { $title }
game-details-more = ({ $count ->
    [one] mais uma linha ficou
   *[other] mais { $count } linhas ficaram
} de fora; `/game export` tem a posição inteira)

## Ligas

league-created = Liga **{ $name }** criada. Inclua uma partida nela a partir do canal ou tópico da partida, com `/league add`.
league-exists = Este servidor já tem uma liga chamada { $name }.
league-bad-name = O nome de uma liga precisa ter de 1 a { $most } caracteres.
time-control-bad = “{ $value }” não é um controle de tempo. Digite `none`, um prazo por turno como `48h`, ou um relógio como `3d+1d/7d` (começa com 3 dias, ganha 1 por turno, no máximo 7); acrescente `remind`, `claim` ou `forfeit` para o que acontece quando o tempo acaba, p. ex. `48h claim`.
league-unknown = Não existe liga chamada { $name } neste servidor. `/league create` cria uma.
league-not-allowed = Só os jogadores da partida, quem a criou, quem criou a liga ou um moderador podem incluir esta partida numa liga.
league-added = A partida { $game } agora conta na liga **{ $name }**.
league-turns-title = { $name }: { $count ->
        [one] uma partida em andamento
       *[other] { $count } partidas em andamento
    }
league-turn-line = { $where } { $system }: vez { $seat_do } ({ $user }), esperando há { $age }
league-turn-open = { $where } partida { $game }: aguardando jogadores
league-no-games = Nenhuma partida desta liga está em andamento.
league-no-results = Nenhuma partida desta liga terminou ainda.
league-no-players = Ninguém entrou nesta liga ainda.
league-season-created = Liga **{ $name }** criada, com { $user } como árbitro. Os jogadores entram com `/league join`; o árbitro dá a largada com `/league start`.
league-settings-game = Jogo: { $system }, { $scenario } · { $format }
league-format-swiss = suíço, { $rounds ->
        [none] com quantas rodadas o número de jogadores pedir
       *[other] { $rounds } rodadas
    }
league-format-knockout = mata-mata: eliminação simples, cabeças de chave separados, folgas para os primeiros; série empatada ganha uma partida de desempate
league-format-round-robin = todos contra todos, { $legs ->
        [1] cada dupla se enfrenta uma vez
       *[other] cada dupla se enfrenta duas vezes (ida e volta)
    }
league-settings-points = Pontos: { $win } por vitória, { $draw } por empate, { $loss } por derrota · critérios de desempate: { $tiebreaks }
league-settings-shown = **{ $name }**:
league-settings-changed = **{ $name }** muda { $changes }. As partidas já começadas mantêm o controle de tempo; o árbitro da liga ou um moderador pode mudar o de uma com `/game settings` no tópico dela.
league-settings-time = Controle de tempo: { $time ->
        [none] nenhum (sem relógio)
       *[other] { $time }
    } · um resultado informado se confirma sozinho após { $confirm } h · férias: { $holiday } dias por jogador
league-tiebreak-score-diff = saldo de pontos
league-tiebreak-head-to-head = confronto direto
league-tiebreak-sos = força da tabela
league-tiebreak-wins = vitórias
league-tiebreak-owp = aproveitamento dos adversários
league-setting-needs-system = cenário, formato, rodadas, turnos, tempo e desempates montam uma temporada: informe também o jogo com `system:`.
league-setting-one-of = `{ $option }:` aceita { $choices }.
league-setting-format-only = `{ $option }:` é uma configuração de ligas { $formats } (`format:`).
league-setting-top = `top:` aceita de 2 a { $most } jogadores.
league-setting-top-needs-source = `top:` conta os jogadores de outra liga: indique-a com `from_league:`.
league-setting-source-system = **{ $name }** é uma liga de outro sistema de jogo: o mata-mata pega os jogadores de uma liga do mesmo sistema.
league-setting-games = `games:` aceita de 1 a { $most } partidas por série.
league-setting-cc-two-games = `match_scoring:cc` é a tabela de séries de duas partidas: use `games:2` junto.
league-setting-tiebreaks = `tiebreaks:` recebe nomes de { $names }, cada um no máximo uma vez, na ordem em que valem (por exemplo `sos,owp,head_to_head`).
league-setting-rounds = `rounds:` vale para ligas no sistema suíço, de 1 a 20.
league-setting-legs = `legs:` vale para ligas de todos contra todos: 1 (cada dupla se enfrenta uma vez) ou 2 (ida e volta).
league-setting-points = os pontos precisam seguir { $most } ≥ vitória ≥ empate ≥ derrota ≥ 0.
league-setting-confirm = `confirm_hours:` vai de 1 a 336 (duas semanas).
league-setting-holiday = `holiday_days:` vai de 0 a 60.
league-bad-setting = Não dá para criar a liga assim: { $problem }
league-no-season = **{ $name }** só acompanha as partidas incluídas nela: não tem sistema de jogo, então não tem jogadores nem confrontos. Uma liga criada com `system:` tem temporada.
league-started = **{ $name }** já começou: só dá para entrar ou sair antes da largada.
league-not-started = **{ $name }** ainda não começou: o árbitro dá a largada com `/league start`.
league-already-in = Você já joga em **{ $name }**.
league-not-in = { $user } não joga em **{ $name }**.
league-referee-only = Só quem criou a liga ({ $user }) ou um moderador do servidor pode fazer isso.
league-too-few = **{ $name }** precisa de pelo menos 2 jogadores para começar e tem { $count }. Os jogadores entram com `/league join`.
league-no-fixture = Você não tem confronto esperando para ser jogado em **{ $name }** (contra esse adversário).
league-source-running = **{ $name }** ainda não terminou: o mata-mata começa quando o último confronto dela for decidido.
league-which-fixture = Você tem confrontos esperando contra { $choices }: diga quem é o adversário com `opponent:`.
league-unknown-fixture = Não existe o confronto nº { $id } nesta liga; `/league fixtures` lista todos.
league-fixture-busy = O confronto nº { $id } { $status ->
        [playing] está sendo jogado no tópico dele
        [reported] aguarda o adversário responder a um resultado informado
        [disputed] foi contestado: o árbitro da liga decide
       *[other] não está aberto
    }.
league-fixture-settled = O confronto nº { $id } já está decidido.
league-fixture-unsettled = O confronto nº { $id } ainda não foi decidido: `/league resolve` decide.
league-amended = { $user } corrige o confronto nº { $id }: { $after } (era { $before }). Motivo: { $note }
league-added-late = { $user } entra atrasado em **{ $name }** e é emparelhado a partir da rodada { $round }{ $missed ->
        [0] {"."}
       *[other] ; { $late ->
            [bye] cada rodada perdida conta como folga ({ $missed }).
           *[other] as rodadas perdidas ({ $missed }) não pontuam.
        }
    }
league-substituted = { $user } substitui { $out } em **{ $name }**: { $fixtures ->
        [0] nenhum confronto por jogar
        [one] um confronto
       *[other] { $fixtures } confrontos
    }{ $games ->
        [0] {""}
        [one] , uma partida em andamento
       *[other] , { $games } partidas em andamento
    }. Os resultados de { $out } até aqui continuam dele.
league-substitute-in = { $user } já está em **{ $name }**: o substituto vem de fora da liga.
league-avoided = { $user } e { $other } não se enfrentam na primeira rodada de **{ $name }**.
league-swapped = { $user } troca os adversários dos confrontos nº { $id } e nº { $other } em **{ $name }**:
league-repaired = { $user } sorteia de novo a rodada { $round } de **{ $name }**:
league-swap-round = Os confrontos nº { $id } e nº { $other } precisam ser dois confrontos da mesma rodada.
league-repair-swiss-only = Só a rodada de uma liga suíça pode ser sorteada de novo: **{ $name }** segue a sua tabela.
league-late-swiss-only = Só dá para entrar em **{ $name }** depois da largada se ela for suíça: a tabela de todos contra todos é feita para os jogadores da largada.
league-not-opponent = Só { $user }, adversário de quem informou, pode confirmar ou contestar este resultado.
league-bad-result = Esse resultado não serve para esta liga: { $form }
league-form-vp = informe os seus pontos de vitória e os do adversário, em números inteiros de 0 a { $most }: `mine:` e `theirs:`.
league-form-banners = informe os seus estandartes e os do adversário, em números inteiros de 0 a { $most }: `mine:` e `theirs:`.
league-form-result = informe `result:` win (vitória), loss (derrota) ou draw (empate); este jogo não tem placar, então nada de `mine:` ou `theirs:`.
league-form-referee-vp = informe os pontos de vitória dos dois jogadores, em números inteiros de 0 a { $most }: `home_score:` e `away_score:`.
league-form-referee-banners = informe os estandartes dos dois jogadores, em números inteiros de 0 a { $most }: `home_score:` e `away_score:`.
league-form-referee = informe `result:` home (mandante), away (visitante) ou draw (empate); este jogo não tem placar.
league-wrong-channel = Os confrontos de **{ $name }** são jogados a partir de { $where }: use `/league play` lá.
league-joined = { $user } entra em **{ $name }** ({ $count ->
        [one] um jogador
       *[other] { $count } jogadores
    } até agora).
league-left = { $user } sai de **{ $name }**.
league-removed = { $user } está fora de **{ $name }**{ $count ->
        [0] .
        [one] ; um confronto ainda não jogado foi cancelado.
       *[other] ; { $count } confrontos ainda não jogados foram cancelados.
    }
league-too-many = **{ $name }** está cheia: uma liga { $format ->
        [swiss] no sistema suíço
       *[other] de todos contra todos
    } aceita no máximo { $most } jogadores{ $format ->
        [swiss] .
       *[other] {""} (cada um enfrenta todos os outros, então com mais ela nunca terminaria); uma liga no sistema suíço aceita mais.
    }
league-settings-withdrawal = Se um jogador desistir: { $given ->
        [walkover] os adversários dele vencem por W.O. os confrontos que ele não jogou
       *[other] os adversários dele ganham folga nos confrontos que ele não jogou
    } · no máximo { $most } jogadores
league-settings-concession = Uma partida entregue ou perdida por tempo vale { $given ->
        [played] o placar como estava quando acabou
       *[other] o máximo do cenário para o vencedor, 0 para o perdedor
    }
league-settings-swiss = Emparelhamento suíço: { $pairing ->
        [slide] metade de cima de cada grupo de pontos contra a de baixo, em ordem (1º contra o primeiro da metade de baixo)
        [fold] metade de cima de cada grupo de pontos contra a de baixo, dobrada (1º contra o último)
       *[other] vizinhos em cada grupo de pontos (1º contra 2º)
    } · cabeças de chave { $seeding ->
        [random] numa ordem sorteada para a liga
        [rating] pelo rating do servidor (das outras ligas)
       *[other] na ordem de inscrição
    }
league-settings-match = Cada confronto é uma série de { $games } partidas, com os lados trocados a cada partida · { $scoring ->
        [cc] pontuada como nos torneios de Command & Colors: as duas vencidas 3, uma para cada 2 para quem somou mais estandartes e 1 para o outro, estandartes iguais 1,5 cada
       *[other] quem vence mais partidas vence a série (empate: o maior placar somado; de novo empate: empate)
    }
league-settings-source = Jogadores: { $top ->
        [all] todos
       *[other] os { $top } primeiros
    } de **{ $name }** quando ela terminar, nessa ordem de classificação
league-player-withdrawn = { $user } (desistiu)
league-name-withdrawn = { $name } (desistiu)
league-fixture-bye-void = nº { $id } { $home }: folga anulada (nunca aproveitada)
league-fixture-given = nº { $id } { $home } x { $away }: { $given ->
        [walkover] vitória de { $winner } por W.O.
       *[other] folga para { $winner }
    } (o adversário desistiu)
league-rounds-later = As rodadas { $first } a { $last } são geradas conforme as anteriores são jogadas.
league-withdraw-preview = Tirar { $user } de **{ $name }**? Nada muda até você apertar Confirmar. Os resultados dele até aqui valem; { $given ->
        [walkover] os adversários dele vencem por W.O. os confrontos que ele não jogou
       *[other] os adversários dele ganham folga nos confrontos que ele não jogou
    } (a opção `withdrawal:` da liga):
league-drop-preview = Sair de **{ $name }**? Nada muda até você apertar Confirmar. Seus resultados até aqui valem, você não é mais emparelhado e { $given ->
        [walkover] seus adversários vencem por W.O. os confrontos que você não jogou
       *[other] seus adversários ganham folga nos confrontos que você não jogou
    } (a configuração `withdrawal:` da liga):
league-withdraw-void = nº { $id } rodada { $round }: a folga de { $user } é anulada (ele nunca a aproveitou).
league-withdraw-given = nº { $id } rodada { $round }: { $opponent } { $given ->
        [walkover] vence por W.O.
       *[other] ganha folga
    } em vez de enfrentar { $user }.
league-withdraw-playing = nº { $id } rodada { $round }: a partida contra { $opponent } está em andamento; conta quando terminar, ou quando o árbitro decidir.
league-withdraw-later = As rodadas { $first } a { $last } ainda não foram geradas: nelas também as folgas de { $user } são anuladas e { $given ->
        [walkover] os adversários dele vencem por W.O.
       *[other] os adversários dele ganham folga.
    }
league-withdraw-nothing = Não resta confronto dele para jogar.
league-withdraw-cancelled = { $user } continua em **{ $name }**: nada mudou.
league-withdrawn = { $user } está fora de **{ $name }**: { $given ->
        [0] nenhum confronto por jogar
        [one] um confronto por jogar
       *[other] { $given } confrontos por jogar
    }{ $given ->
        [0] {""}
       *[other] {" "}{ $kind ->
            [walkover] vencidos pelos adversários por W.O.
           *[other] dados aos adversários como folga
        }
    }, { $void ->
        [0] nenhuma folga anulada
        [one] uma folga anulada
       *[other] { $void } folgas anuladas
    }.
league-started-text = **{ $name }** começou: { $count } jogadores, { $rounds ->
        [one] uma rodada
       *[other] { $rounds } rodadas
    } ({ $format ->
        [swiss] sistema suíço: cada rodada é sorteada quando a anterior termina
        [knockout] mata-mata: os vencedores de cada rodada se enfrentam na seguinte
       *[other] todos contra todos
    }).
league-round = **Rodada { $round }**
league-bracket-title = **{ $name }**: a chave
league-bracket-subtitle = Mata-mata de { $count } · { $games ->
        [1] uma partida por confronto
       *[other] { $games } partidas por confronto, lados trocados
    }
league-bracket-round = { $left ->
        [0] Final
        [1] Semifinais
        [2] Quartas de final
       *[other] Rodada { $round }
    }
league-bracket-bye = { $user }: folga, passa para a rodada seguinte
league-bracket-bye-box = (folga)
league-bracket-match = { $upper } x { $lower }: { $upper_won }–{ $lower_won } em partidas{ $winner ->
        [none] {""}
       *[other] , { $winner } se classifica
    }
league-bracket-champion = Campeão: { $user }
league-bracket-champion-plain = Campeão: { $name }
league-decider = Uma série da rodada { $round } está empatada em partidas e no placar somado: uma partida de desempate entre os dois, o de cima como mandante:
league-info = **{ $name }**, arbitrada por { $referee }: { $status ->
        [open] aberta para inscrições
        [running] em andamento
       *[other] encerrada
    } · { $count ->
        [one] um jogador
       *[other] { $count } jogadores
    }{ $status ->
        [open] {""}
       *[other] {" "}· { $rounds ->
            [none] { $done } rodadas concluídas
           *[other] { $done } de { $rounds } rodadas concluídas
        }
    }
league-not-knockout = **{ $name }** não é mata-mata: `/league standings` mostra a tabela.
league-fixture-bye = nº { $id } { $home }: folga (conta como vitória)
league-fixture-done = nº { $id } { $home } x { $away }: { $winner ->
        [none] empate
       *[other] vitória de { $winner }
    }{ $score ->
        [none] {""}
       *[other] , { $score }
    }
league-fixture-open = nº { $id } { $home } x { $away }: { $status ->
        [playing] em andamento{ $where ->
            [none] {""}
           *[other] {" "}em { $where }
        }
        [reported] resultado informado, aguardando confirmação
        [disputed] contestado, aguardando o árbitro
        [void] cancelado
       *[other] a jogar
    }
league-fixtures-title = { $name }: confrontos
league-standings-title = { $name }: classificação{ $round ->
        [0] {""}
       *[other] {" "}após a rodada { $round }
    }
league-standings-line = { $rank }. { $user }: { $points } pts · { $won } V { $drawn } E { $lost } D{ $diff ->
        [none] {""}
       *[other] {" "}· { $diff }
    }{ $turn ->
        [none] {""}
       *[other] {" "}· { $turn } por turno
    }
league-col-rank = #
league-col-player = Jogador
league-col-points = Pts
league-col-played = J
league-col-won = V
league-col-drawn = E
league-col-lost = D
league-col-diff = Saldo
league-col-sos = FT
league-col-turn = Por turno
league-picture-title = { $name } — classificação
league-picture-subtitle = { $round ->
        [0] { $rounds } rodadas
       *[other] Após a rodada { $round } de { $rounds }
    } · { $system }
league-picture-footer = Desempate: { $tiebreaks }
league-picture-more = e mais { $count }
league-exported = **{ $name }**: confrontos e classificação em arquivos CSV, e tudo em JSON.
league-ratings-title = { $system }: rating dos jogadores, a partir de { $count ->
        [one] um resultado
       *[other] { $count } resultados
    } nas ligas deste servidor
league-ratings-line = { $rank }. { $user }: { $rating } ({ $games ->
        [one] uma partida
       *[other] { $games } partidas
    })
league-thread-name = Rodada { $round }: { $home } x { $away }
league-play-opening = Confronto nº { $id } (rodada { $round }): { $home } x { $away }. A partida começa num tópico novo.
league-game-started = **{ $name }**, rodada { $round }: { $system }, { $scenario }. O resultado vale para a liga quando a partida terminar.
league-game-seat = { $seat }: { $user }
league-score-vp = PV
league-score-banners = estandartes
league-result = { $home } x { $away }: { $winner ->
        [none] empate
       *[other] vitória de { $winner }
    }{ $score ->
        [none] {""}
       *[other] , { $score } { $unit }
    }
league-reported = { $user } informa o resultado do confronto nº { $id }: { $result }. { $other }, confirme ou conteste; sem resposta, ele se confirma sozinho em { $hours } horas.
button-league-confirm = Confirmar
button-league-uphold = Manter o resultado informado
button-league-withdraw-confirm = Confirmar a remoção
button-league-withdraw-cancel = Cancelar
button-league-drop-confirm = Confirmar: sair da liga
button-league-dispute = Contestar
league-confirmed = { $user } confirma o confronto nº { $id }: { $result }.
league-disputed = { $user } contesta o confronto nº { $id } ({ $result }). { $referee } ou um moderador decide: **Manter o resultado informado** como está, ou decidir outra coisa com `/league resolve fixture:{ $id }`.
league-resolved = { $user } decide o confronto nº { $id }: { $result }.
league-auto-confirmed = O confronto nº { $id } foi confirmado após { $hours } horas sem resposta: { $result }.
league-new-round = **Rodada { $round }** sorteada:
league-no-thread = O Discord não me deixou abrir um tópico aqui: preciso da permissão de criar tópicos públicos neste canal. Nada foi iniciado; tente de novo quando ela for concedida.
league-finished = **{ $name }** terminou: todos os confrontos estão decididos.

## Ajuda dos comandos: /game, /rules, /league

command-game = Jogue uma partida aqui
command-game-new = Comece uma partida neste canal (uma por canal; use um tópico para outra)
command-game-new-system = O sistema de jogo
command-game-new-scenario = O cenário (a posição inicial)
command-game-new-opponent = Convide alguém para o outro lado (você mesmo para jogar sozinho)
command-game-new-seat = O lado com que você joga (padrão: o primeiro)
command-game-new-language = Idioma das respostas do bot nesta partida
command-game-join = Ocupe um lugar livre, ou aquele para o qual foi convidado
command-game-join-seat = O lugar a ocupar
command-game-status = Mostre o tabuleiro, de quem é a vez e a posição por extenso
command-game-hand = Mostre, só para você, o que só você pode ver (cartas, peças ocultas, ordens lacradas)
command-game-log = Mostre as últimas entradas do registro da partida
command-game-log-last = Quantas entradas (padrão 20)
command-game-undo = Volte atrás na sua última ação (ou peça ao adversário que concorde)
command-game-answer = Concorde ou não com o pedido do adversário para desfazer
command-game-answer-agree = `true` para concordar, `false` para recusar
command-game-resign = Desista da partida
command-game-end = Encerre a partida sem vencedor (quem criou ou um moderador)
command-game-export = Baixe o registro da partida em JSON
command-game-verify = Refaça a partida a partir do registro e confira cada rolagem
command-game-settings = Veja ou mude idioma, controle de tempo, lembretes, confiança nos informes e o que árbitros veem
command-game-settings-language = Idioma das respostas do bot
command-game-settings-deadline_hours = Atalho para `time:`: horas que um jogador tem para a sua vez, com lembretes (0: sem prazo)
command-game-settings-reports = Informes sobre unidades do outro lado: trust, confirm (concordância) ou referee
command-game-settings-referee_sees = O que um árbitro que não joga pode ver: public, ou everything (o que é oculto)
command-game-new-time = Controle de tempo: `none`, `48h` por turno ou relógio `3d+1d/7d`, e `remind`, `claim` ou `forfeit`
command-game-settings-time = Controle de tempo: `none`, `48h` por turno ou relógio `3d+1d/7d`, e `remind`, `claim` ou `forfeit`
command-game-settings-remind = Quando lembrar quem deve jogar, antes do prazo: p. ex. `24h,1h` (ou `none`)
command-game-extend = Dê mais tempo a quem deve jogar (quem criou a partida ou um moderador)
command-game-extend-hours = Horas a somar ao prazo
command-game-holiday = Pause o seu próprio relógio para férias, dentro do que a partida permite
command-game-holiday-hours = Horas de férias
command-game-reminders = Escolha para onde vão os seus lembretes de vez: o canal da partida ou mensagem direta
command-game-reminders-dm = `true` para mensagem direta, `false` para o canal da partida
command-rules = Consulte as regras e peça decisões
command-rules-ask = Faça uma pergunta de regras com as suas palavras
command-rules-ask-question = A sua pergunta, por exemplo: meu comandante pode fugir do acampamento?
command-rules-ask-system = Qual jogo (padrão: o jogo deste canal, ou o que a pergunta nomeia)
command-rules-ask-public = Mostrar a resposta a todo o canal
command-rules-search = Encontre regras por palavras ou por uma pergunta
command-rules-search-keyword = Palavras ou uma pergunta, por exemplo: choque abaixo da metade
command-rules-search-system = Só este sistema de jogo
command-rules-search-public = Mostre a resposta para todo o canal
command-rules-show = Mostre uma regra inteira
command-rules-show-rule = O id da regra, por exemplo samurai/leader-split-needs-helmet
command-rules-ruling = Julgue uma ação na partida deste canal sem aplicá-la
command-rules-ruling-action = A ação como você a digitaria, por exemplo order pieces:L1
command-rules-ruling-seat = Julgue para este lado (padrão: o seu, ou o lado da vez)
command-league = Ligas: temporadas, confrontos, resultados e classificação
command-league-create = Crie uma liga; com um sistema de jogo, ela tem uma temporada de confrontos
command-league-create-name = O nome da liga
command-league-create-system = O sistema de jogo dos confrontos
command-league-create-scenario = O cenário das partidas (padrão: o primeiro do sistema)
command-league-create-format = round-robin (todos contra todos) ou swiss (suíço, rodada a rodada)
command-league-create-rounds = Suíço: quantas rodadas (padrão: o que o número de jogadores pedir)
command-league-create-legs = Todos contra todos: 1, ou 2 para ida e volta
command-league-create-time = Controle de tempo das partidas, p. ex. 48h forfeit ou 3d+1d/7d (padrão: none)
command-league-create-win = Pontos por vitória (padrão 3)
command-league-create-draw = Pontos por empate (padrão 1)
command-league-create-loss = Pontos por derrota (padrão 0)
command-league-create-tiebreaks = Desempates em ordem: score_diff, head_to_head, sos, owp, wins
command-league-create-confirm_hours = Horas até um resultado sem resposta se confirmar sozinho (padrão 48)
command-league-create-holiday_days = Dias que cada jogador pode pausar o relógio nas partidas (padrão 0)
command-league-create-withdrawal = O que o adversário de quem desiste ganha: bye (folga) ou walkover (W.O.); padrão bye
command-league-create-concession = Partidas entregues ou por tempo: max (vencedor leva o máximo, perdedor 0) ou played; padrão max
command-league-create-pairing = Suíço: emparelhar grupos por adjacent, slide ou fold (padrão adjacent)
command-league-create-seeding = Suíço: cabeças de chave por joined, random ou rating (padrão joined)
command-league-create-late = Suíço: rodadas perdidas por quem entra atrasado contam como loss ou bye (padrão loss)
command-league-create-games = Partidas por confronto (uma série, lados trocados; padrão 1)
command-league-create-match_scoring = Como a série pontua: wins ou cc (3/2/1,5/1/0 por estandartes)
command-league-create-from_league = Mata-mata: pegar os jogadores desta liga encerrada (os primeiros)
command-league-create-top = Mata-mata: quantos dos primeiros daquela liga entram
command-league-settings = Veja as configurações de uma liga e quem pode mudá-las, ou mude-as (o árbitro ou um moderador)
command-league-settings-league = A liga
command-league-settings-scenario = O cenário das partidas (antes da largada)
command-league-settings-format = round-robin ou swiss (antes da largada)
command-league-settings-rounds = Suíço: quantas rodadas (antes da largada)
command-league-settings-legs = Todos contra todos: 1, ou 2 para ida e volta (antes da largada)
command-league-settings-time = Controle de tempo das partidas que começarem daqui em diante, p. ex. 48h forfeit
command-league-settings-win = Pontos por vitória (antes da largada)
command-league-settings-draw = Pontos por empate (antes da largada)
command-league-settings-loss = Pontos por derrota (antes da largada)
command-league-settings-tiebreaks = Desempates em ordem, de score_diff head_to_head sos owp wins (antes da largada)
command-league-settings-confirm_hours = Horas até um resultado sem resposta se confirmar sozinho
command-league-settings-holiday_days = Dias que cada jogador pode pausar o relógio nas partidas que começarem daqui em diante
command-league-settings-withdrawal = O que o adversário de quem desiste ganha: bye (folga) ou walkover (W.O.) (antes da largada)
command-league-settings-concession = Partidas entregues ou por tempo: max ou played (antes da largada)
command-league-settings-pairing = Suíço: adjacent, slide ou fold (antes da largada)
command-league-settings-seeding = Suíço: joined, random ou rating (antes da largada)
command-league-settings-late = Suíço: loss ou bye para as rodadas perdidas de quem entra atrasado
command-league-settings-games = Partidas por confronto (antes da largada)
command-league-settings-match_scoring = wins ou cc (antes da largada)
command-league-join = Entre numa liga antes da largada
command-league-join-league = O nome da liga
command-league-leave = Saia de uma liga antes da largada
command-league-leave-league = O nome da liga
command-league-start = Dê a largada numa liga e sorteie os confrontos (quem a criou ou um moderador)
command-league-start-league = O nome da liga
command-league-remove = Tire um jogador de uma liga (quem a criou ou um moderador)
command-league-remove-league = O nome da liga
command-league-remove-player = O jogador a tirar
command-league-drop = Saia você mesmo de uma liga (com confirmação depois da largada)
command-league-drop-league = O nome da liga
command-league-bracket = Mostre a chave de uma liga mata-mata, com imagem
command-league-bracket-league = O nome da liga
command-league-play = Abra um tópico para um confronto seu e comece a partida nele
command-league-play-league = O nome da liga
command-league-play-opponent = Seu adversário (necessário quando há vários confrontos esperando)
command-league-report = Informe o resultado de um confronto jogado na mesa; o adversário confirma
command-league-report-league = O nome da liga
command-league-report-opponent = Seu adversário (necessário quando há vários confrontos esperando)
command-league-report-result = win, loss ou draw (jogos sem placar)
command-league-report-mine = Seu placar: PV (Warhammer 40,000) ou estandartes (Samurai Battles)
command-league-report-theirs = O placar do adversário
command-league-report-fixture = O número do confronto (de `/league fixtures`), em vez do adversário
command-league-resolve = Decida um confronto como árbitro da liga
command-league-resolve-league = O nome da liga
command-league-resolve-fixture = O número do confronto (veja /league fixtures)
command-league-resolve-result = home, away ou draw (jogos sem placar)
command-league-resolve-home_score = O placar do mandante (PV ou estandartes)
command-league-resolve-away_score = O placar do visitante (PV ou estandartes)
command-league-amend = Corrija um resultado já decidido, com um motivo (o árbitro da liga)
command-league-amend-league = O nome da liga
command-league-amend-fixture = O número do confronto
command-league-amend-note = Por que o resultado muda (fica registrado no confronto)
command-league-amend-result = O resultado: home, away ou draw (sistemas sem placar)
command-league-amend-home_score = O placar do mandante
command-league-amend-away_score = O placar do visitante
command-league-enter = Inclua um jogador atrasado numa liga suíça em andamento (o árbitro)
command-league-enter-league = O nome da liga
command-league-enter-player = O jogador a incluir
command-league-substitute = Passe o lugar e os confrontos de um jogador a um substituto (o árbitro)
command-league-substitute-league = O nome da liga
command-league-substitute-player = O jogador que sai
command-league-substitute-by = O substituto que assume
command-league-avoid = Separe dois jogadores na primeira rodada de uma liga suíça (antes da largada)
command-league-avoid-league = O nome da liga
command-league-avoid-player = Um jogador
command-league-avoid-other = O outro jogador
command-league-swap = Troque os adversários de dois confrontos de uma rodada ainda não jogada (o árbitro)
command-league-swap-league = O nome da liga
command-league-swap-fixture = O número de um confronto
command-league-swap-other = O número do outro confronto
command-league-repair = Sorteie de novo a rodada mais nova de uma liga suíça antes de qualquer partida (o árbitro)
command-league-repair-league = O nome da liga
command-league-info = Descreva uma liga: como está, seus jogadores e suas configurações
command-league-info-league = O nome da liga
command-league-fixtures = Liste os confrontos de uma liga, rodada a rodada
command-league-fixtures-league = O nome da liga
command-league-standings = Mostre a classificação de uma liga, em tabela e imagem
command-league-standings-league = O nome da liga
command-league-export = Baixe os confrontos, resultados e classificação de uma liga (CSV e JSON)
command-league-export-league = O nome da liga
command-league-ratings = Calcule o rating dos jogadores deste servidor num sistema de jogo, em todas as ligas
command-league-ratings-system = O sistema de jogo
command-league-add = Conte a partida deste canal numa liga
command-league-add-league = O nome da liga
command-league-turns = Mostre de quem é a vez em cada partida de uma liga
command-league-turns-league = O nome da liga

## O arquivo do banco de dados, dito a quem opera o bot (console, linha de comando, registros)
store-empty = `{ $path }` existe, mas está vazio (0 bytes), então não guarda partidas; talvez tenha sido cortado. Restaure-o de um backup ou apague-o para começar um banco novo. Nada foi escrito nele.
store-corrupt = `{ $path }` está danificado ou não é um banco SQLite ({ $detail }). Restaure-o de um backup (`banneret backup` faz um); nada foi escrito nele.
store-read-only = `{ $path }` não pode ser gravado ({ $detail }). Dê ao bot permissão de escrita no arquivo e na pasta, ou use `banneret verify`, que só lê.
store-full = O disco de `{ $path }` está cheio ({ $detail }); o último comando não foi salvo. Libere espaço e tente de novo.
store-busy = `{ $path }` ficou travado por outro processo por tempo demais ({ $detail }); o último comando não foi salvo. Tente de novo e veja se nenhum outro programa está usando o arquivo.
store-cannot-open = Não foi possível abrir `{ $path }` ({ $detail }). Confira o caminho em BANNERET_DB e as permissões.
store-failed = `{ $path }` falhou: { $detail }. O último comando não foi salvo.
store-newer = `{ $path }` foi gravado por uma versão mais nova do Banneret (tem { $detail }). Atualize o Banneret para usá-lo; nada foi escrito nele.
store-no-entry = Não foi possível abrir `{ $path }`: este usuário não pode entrar na pasta `{ $detail }` (falta a permissão de execução, x, para este usuário). Dê essa permissão a este usuário, ou rode o Banneret com um usuário que a tenha.
store-no-read = Não foi possível abrir `{ $path }`: este usuário não pode lê-lo (falta a permissão de leitura, r, para este usuário). Dê essa permissão a este usuário, ou rode o Banneret com um usuário que a tenha.
store-no-create = `{ $path }` não existe e não pode ser criado: este usuário não pode gravar na pasta `{ $detail }` (falta a permissão de escrita, w, para este usuário). Escolha outro caminho em BANNERET_DB, ou dê essa permissão a este usuário.
store-log-unreadable = `{ $path }` só pode ser lido por este usuário, e o seu registro de escrita antecipada (`-wal`) guarda mudanças que não podem ser lidas sem gravar ao lado dele ({ $detail }). Deixe o usuário do bot abri-lo uma vez (ou rode `banneret backup` com esse usuário) e verifique a cópia; nada foi escrito.
store-missing = Não há banco de dados em `{ $path }`. Confira BANNERET_DB.
store-not-ours = `{ $path }` é um banco SQLite, mas não do Banneret. Confira BANNERET_DB.
store-not-ours-pg = O banco PostgreSQL `{ $path }` não tem as tabelas do Banneret. Confira BANNERET_DB, ou abra-o uma vez sem `verify` nem `backup` para que o Banneret as crie.
store-unreachable = Não foi possível alcançar o banco PostgreSQL `{ $path }` ({ $detail }); o último comando não foi salvo. Confira se o servidor está no ar e se BANNERET_DB aponta para ele, e tente de novo.
store-conflict = O banco PostgreSQL `{ $path }` interrompeu este comando porque outro estava mudando a mesma partida no mesmo instante ({ $detail }); ele não foi salvo. Tente de novo.
verify-unreadable-record = Não foi possível ler `{ $path }` como registro de partida ({ $detail }).
verify-summary = { $good } de { $games } partidas consistentes
backup-exists = `{ $path }` já existe; dê um nome de arquivo novo para o backup.
run-no-token = Nenhum DISCORD_TOKEN definido: jogando localmente as partidas de demonstração.
console-welcome = Console do Banneret. Digite os comandos como no Discord, por exemplo `@alice /game new system:samurai scenario:river-crossing opponent:@bob`.
backup-done = Backup de `{ $source }` feito em `{ $path }`.
migrate-copied = Copiados de `{ $source }` para `{ $target }`: { $games ->
    [0] nenhuma partida
    [1] uma partida
   *[other] { $games } partidas
}, { $entries ->
    [0] nenhum registro de jogada
    [1] um registro de jogada
   *[other] { $entries } registros de jogadas
} e { $leagues ->
    [0] nenhuma liga
    [1] uma liga
   *[other] { $leagues } ligas
}.
migrate-failed = A cópia para `{ $target }` falhou ({ $detail }). Nada foi copiado: o destino continua vazio como antes, então o mesmo comando pode ser executado de novo depois de corrigida a causa.
migrate-verified = { $good } de { $games } partidas copiadas conferidas: suas jogadas foram refeitas em `{ $target }`.
migrate-target-not-empty = `{ $path }` já tem dados ({ $games ->
    [0] nenhuma partida
    [1] uma partida
   *[other] { $games } partidas
}, { $leagues ->
    [0] nenhuma liga
    [1] uma liga
   *[other] { $leagues } ligas
}); o `banneret migrate` só copia para um banco vazio. Nada foi escrito nele.
error-store = Não foi possível salvar os registros da partida agora, então a sua ação não foi aplicada. O problema foi registrado (referência { $ref }); tente de novo mais tarde.
console-not-saved = (não foi possível salvar `{ $path }`: { $detail }; o comando em si foi aplicado)
game-log-earlier = ({ $count ->
    [one] um registro anterior não aparece
   *[other] { $count } registros anteriores não aparecem
} aqui; `/game export` tem o registro completo)

## /game replay e `banneret replay`: as posições públicas de uma partida numa animação
command-game-replay = Publique a partida até agora (ou parte das posições) como uma animação
command-game-replay-start = A primeira posição a mostrar (0 é o início; padrão 0)
command-game-replay-end = A última posição a mostrar (padrão: a mais recente)
command-game-replay-delay = Segundos que cada posição fica na tela (padrão 0,8)
replay-shows = Posições { $first } a { $last } (a mais recente é a { $latest }): { $frames ->
    [one] um quadro
   *[other] { $frames } quadros
}, { $size } KB.
replay-sampled = Um trecho longo de jogo: uma posição a cada { $step } é mostrada, para o arquivo continuar pequeno. Peça menos posições com `start:` e `end:` para ver cada uma.
replay-drawing = Desenhando o quadro { $done } de { $total }…
replay-no-such-position = Não existe a posição { $position }: as posições desta partida vão de 0 (o início) a { $latest }.
replay-backwards = `start:` ({ $start }) não pode vir depois de `end:` ({ $end }).
replay-bad-delay = `delay:` aceita de { $low } a { $high } segundos.
replay-too-large = A animação passaria de { $limit } MB mesmo desenhada pequena; peça menos posições com `start:` e `end:`.
replay-log-broken = A entrada { $seq } do registro desta partida não é mais aceita pelas regras atuais, então a animação não pode ser desenhada; `/game verify` explica mais.
replay-no-drawing = Este bot não desenha tabuleiros, então não pode desenhar a animação.
replay-record-refused = O registro não confere, então nenhuma animação foi desenhada.
replay-written = Animação gravada em `{ $path }`.
replay-not-written = Não foi possível gravar `{ $path }` ({ $detail }).

# --- prévias de uma importação (bot/service/importreview.py) ---
preview-offered = Só você vê esta prévia; nada muda até que você a aceite.
preview-cancelled = Prévia cancelada; nada mudou.
button-preview-accept = Aceitar
button-preview-cancel = Cancelar

# --- long replies in pages (bot/service/paging.py): what a page leaves out, and where it is
paging-left-out = ({ $count ->
        [one] mais uma linha não aparece
       *[other] mais { $count } linhas não aparecem
    }{ $pages ->
        [1] {""}
       *[other] {" "}· página { $page } de { $pages }
    }; { $where })
paging-where-pages = os botões abaixo passam as páginas
paging-where-league = os botões abaixo passam as páginas, e `/league export` tem tudo
paging-where-game = os botões abaixo passam as páginas, e `/game export` tem o registro completo
paging-where-log = `/game log` e `/game export` têm todas
paging-where-rules = `/rules show rule:` mostra qualquer regra inteira
paging-where-file = o arquivo anexo reply.txt tem tudo
paging-more-named = mais { $count }
button-page-previous = ◀ Página { $page }
button-page-next = Página { $page } ▶

## /stats: o histórico de um jogador e o equilíbrio de um cenário (bot/service/stats.py)
command-stats = Estatísticas das partidas deste servidor: o histórico de um jogador, o equilíbrio de um cenário
command-stats-player = As partidas de um jogador: resultados por sistema de jogo e lado, tempo por turno, rating
command-stats-player-player = O jogador (padrão: você)
command-stats-scenario = O equilíbrio de um cenário neste servidor: vitórias por lado, empates, duração média
command-stats-scenario-system = O sistema de jogo
command-stats-scenario-scenario = O cenário
stats-player-title = Estatísticas de { $user } nas partidas deste servidor
stats-player-none = { $user } ainda não tem partida terminada nem partida de liga com rating neste servidor.
stats-games = Partidas: { $games } · vitórias { $won } · empates { $drawn } · derrotas { $lost } · abandonadas (encerradas sem resultado) { $abandoned }
stats-on-time = Partidas perdidas por tempo: { $count }
stats-turn-time = Tempo por turno: { $average } em média, { $slowest } no mais lento ({ $turns ->
        [one] um turno medido
       *[other] { $turns } turnos medidos
    })
stats-turn-none = Tempo por turno: nenhum turno medido ainda (o primeiro turno de uma partida não é medido).
stats-system-line = **{ $system }**: { $games ->
        [one] uma partida
       *[other] { $games } partidas
    } · vitórias { $won } · empates { $drawn } · derrotas { $lost }{ $abandoned ->
        [0] {""}
       *[other] {" "}· abandonadas { $abandoned }
    }
stats-seat-line = — como { $seat }: { $games } · vitórias { $won } · empates { $drawn } · derrotas { $lost }
stats-rating-line = Rating em **{ $system }**: { $rating } depois de { $games ->
        [one] uma partida de liga
       *[other] { $games } partidas de liga
    } (máximo { $best })
stats-legend-won = Vitórias
stats-legend-drawn = Empates
stats-legend-lost = Derrotas
stats-picture-player = { $name }: estatísticas
stats-picture-player-subtitle = { $games ->
        [one] Uma partida
       *[other] { $games } partidas
    } neste servidor
stats-picture-systems = Resultados por sistema de jogo
stats-picture-seats = { $system } por lado
stats-picture-ratings = Rating depois de cada partida de liga
stats-picture-axis = Partidas de liga na ordem em que foram decididas; o primeiro ponto é o início
stats-picture-games = { $games ->
        [one] uma partida
       *[other] { $games } partidas
    }
stats-scenario-title = { $scenario } ({ $system }) nas partidas deste servidor
stats-scenario-none = Nenhuma partida de { $scenario } terminou neste servidor ainda.
stats-scenario-games = Partidas: { $games } · com resultado { $results } · abandonadas (encerradas sem resultado) { $abandoned }
stats-scenario-wins = { $seat }: { $wins } vitórias ({ $share } %)
stats-scenario-draws = Empates: { $count } ({ $share } %)
stats-scenario-conceded = Decididas por desistência ou por tempo: { $count }
stats-scenario-length = Duração média{ $latest ->
        [yes] {" "}das últimas { $games } partidas
       *[no] {""}
    }: { $turns ->
        [one] um turno
       *[other] { $turns } turnos
    }, { $time } do início ao fim
stats-scenario-few = Só { $results } dos { $enough } resultados de que um equilíbrio precisa: leia estas porcentagens com cuidado.
stats-legend-seat-wins = Vitórias de { $seat }
stats-legend-draws = Empates
stats-picture-scenario = { $scenario }: equilíbrio
stats-picture-scenario-subtitle = { $system } · { $games ->
        [one] uma partida
       *[other] { $games } partidas
    } neste servidor
stats-picture-balance = Resultados
stats-picture-results = Partidas com resultado

## A player's private controls (bot/service/panels.py)

button-controls = Suas opções
controls-title = { CAP($seat) }: só você vê estes controles
controls-nothing = Nada para você fazer agora: a mensagem do turno avisa quando for a sua vez.
controls-moved = A partida andou; estas são as suas opções agora.
controls-back = ◀ Voltar
controls-more = Mais… (página { $page } de { $pages })
controls-form = Digite os números
menu-more = Outras ações…
menu-group = { $first } · { $rest }
menu-yes = Sim
menu-no = Não
## Cenários próprios (bot/service/scenarios.py)

scenario-preview = Só você vê esta prévia de **{ $title }** (`{ $name }`, lados: { $seats }). Nada é guardado até que você a aceite; depois qualquer pessoa deste servidor pode começá-lo com `/game new scenario:{ $name }`.
scenario-accepted = O cenário `{ $name }` foi guardado para este servidor: comece-o com `/game new system:{ $system } scenario:{ $name }`. Partidas já criadas a partir de um arquivo anterior com esse nome mantêm a própria cópia.
scenario-cancelled = O cenário `{ $name }` não foi guardado.
error-no-scenario-uploads = Este sistema de jogo não aceita cenários próprios.
error-scenario-name-taken = Este servidor já tem um cenário chamado `{ $name }`, enviado por outra pessoa (ou incluído no Banneret); dê outro `id` ao seu ou peça a um moderador.
error-scenario-not-text = Um cenário é um arquivo de texto TOML; este não é texto.
scenario-checked = O cenário `{ $name }` está correto: { $title }, lados { $seats }.

## O companheiro web (bot/web/)
web-site-name = Banneret
web-skip-to-content = Pular para o conteúdo
web-footer = O companheiro web do Banneret mostra as partidas como os espectadores as veem: nunca uma mão, uma peça virada para baixo ou um plano lacrado.
web-home-about = O Banneret arbitra jogos de guerra de mesa no Discord. Acompanhe aqui uma partida, uma liga ou um jogador pelos links que o bot publica.
web-home-link = Voltar à página inicial
web-refused-title = Nada para mostrar aqui
web-refused-not-found = Não há página neste endereço, ou ela não está aberta ao público. Confira o link que o bot publicou.
web-refused-read-only = Este site apenas mostra páginas: nada pode ser enviado a ele.
web-refused-rate = Pedidos demais do seu endereço agora. Espere um minuto e tente de novo.
web-seats-title = Jogadores
web-seat-open = (lugar livre)
web-board-caption = O tabuleiro no lance { $version }.
web-board-alt-empty = O tabuleiro.
web-position-title = A posição em palavras

## rosters
preview-points-limit = Limite de pontos: { $limit } pontos, definido por { $source }. { $points ->
        [none] Esta lista não informa pontos, então não é conferida.
       *[other] { $over ->
            [0] Esta lista ({ $points } pontos) está dentro dele.
           *[other] Esta lista ({ $points } pontos) passa { $over } do limite: Aceitar será recusado até que ela caiba.
        }
    }
points-from-league = a liga
points-from-scenario = o cenário
points-from-game = esta partida
refusal-points-over = { $points } pts passam { $over } do limite de { $limit } pontos desta partida (definido por { $source }); retire unidades ou equipamentos que valham { $over } pontos e envie a lista de novo.
refusal-points-limit-set = O limite de pontos desta partida já é { $limit } pontos (definido por { $source }), então `points:{ $asked }` não o muda; envie a lista sem `points:`.
league-setting-army-points = `points:` é o limite de pontos de cada exército, de { $least } a { $most }.
league-settings-army-points = Cada exército: no máximo { $points } pontos (conferido quando uma lista é aceita).
command-league-create-points = Limite de pontos de cada exército nas partidas desta liga (conferido quando uma lista é aceita)
command-league-settings-points = Limite de pontos de cada exército nas partidas iniciadas daqui em diante
button-preview-more = Mais Líderes ({ $page }/{ $pages })

## webleague
web-league-title = Liga { $name } · { $system }
web-league-sections = Partes desta página
web-league-standings = Classificação
web-league-bracket = Chaveamento
web-league-bracket-alt = O chaveamento em imagem: as mesmas rodadas estão listadas em palavras logo abaixo.
web-league-fixtures = Confrontos por rodada
web-league-ratings = Ratings
web-league-settings = Configurações
web-league-round = Rodada { $round }
web-league-game-link = acompanhar a partida do confronto nº { $id }
web-league-no-fixtures = Nenhum confronto ainda: a liga não começou.
web-league-more-fixtures = { $count ->
        [one] Mais um confronto não aparece aqui
       *[other] Mais { $count } confrontos não aparecem aqui
    }: o /league export traz todos.
web-league-status = { $status ->
        [open] aberta para inscrições
        [running] em andamento
       *[other] encerrada
    }
web-col-rating = Rating
web-col-games = Partidas
web-player-title = Partidas de { $name } neste servidor
web-player-record = Resultados
web-player-running = Partidas em andamento
web-player-over = Últimas partidas encerradas
web-player-none-over = Nenhuma partida deste jogador terminou ainda.
web-game-what = { $system }: { $scenario }
web-game-status = { $status ->
        [open] aguardando jogadores
       *[other] em andamento
    }
web-game-outcome = { $outcome ->
        [won] vitória
        [drawn] empate
        [lost] derrota
        [solo] jogada sozinho
       *[other] encerrada sem resultado
    }
web-server-title = Partidas e ligas deste servidor
web-server-leagues = Ligas
web-server-no-leagues = Este servidor não tem nenhuma liga com temporada.
web-server-games = Partidas em andamento
web-server-no-games = Nenhuma partida em andamento neste servidor agora.
web-link-league = Página da liga
web-link-player = Página do jogador
web-moderator-only = Só um moderador deste servidor pode mudar o que ele abre na web. Qualquer um vê a escolha atual com `/web server` sem opções.
web-server-shown = O que este servidor abre no companheiro web:
web-server-changed = Salvo. O que este servidor abre agora no companheiro web:
web-server-public = { $public ->
        [true] Partidas públicas: sim. Partidas, ligas e jogadores abrem também pelos números, e qualquer um pode navegar por eles.
       *[other] Partidas públicas: não. Uma página só abre pelo link impossível de adivinhar que o bot publica.
    }
web-server-listed = { $listed ->
        [true] Índice publicado: sim. As partidas em andamento e as ligas do servidor aparecem numa só página.
       *[other] Índice publicado: não. O servidor não tem uma lista pública das partidas.
    }
web-server-index-at = O índice: { $address }
command-web = O companheiro web: o que este servidor mostra nas páginas
command-web-server = Ver ou mudar (moderadores) o que este servidor abre no companheiro web
command-web-server-public = Abrir partidas, ligas e jogadores pelos números, não só pelos links do bot
command-web-server-listed = Dar ao servidor um índice público das partidas em andamento e das ligas

## appexport: datasheets a server keeps (bot/service/datasheets.py)

datasheets-offered = Só você vê esta lista das fichas em `{ $name }`. Nada é guardado até que você a aceite; depois os textos exportados do aplicativo de todos neste servidor as usam (`/{ $system } roster text:`).
datasheets-unnamed = fichas enviadas
datasheets-accepted = As fichas `{ $name }` estão guardadas para este servidor: textos do aplicativo carregados com `/{ $system } roster` agora encontram suas unidades. Um envio posterior com o mesmo nome as substitui; `/{ $system } datasheets` as lista.
datasheets-cancelled = As fichas `{ $name }` não foram guardadas.
datasheets-list = { $count ->
        [0] Este servidor ainda não guarda fichas próprias: envie o catálogo do BSData da sua facção com `/{ $system } datasheets upload:`.
        [one] Este servidor guarda um envio de fichas:
       *[other] Este servidor guarda { $count } envios de fichas:
    }
datasheets-listed = • `{ $name }`: { $count } { $count ->
        [one] ficha
       *[other] fichas
    }, enviado por { $uploader }
datasheets-removed = As fichas `{ $name }` não estão mais guardadas para este servidor.
error-no-datasheet-uploads = Este sistema de jogo não aceita fichas próprias.
error-datasheets-not-yours = As fichas `{ $name }` deste servidor foram enviadas por outra pessoa; só ela ou um moderador pode substituí-las ou removê-las.
error-datasheets-unknown = Este servidor não guarda fichas chamadas `{ $name }` (guarda: { $choices }).
error-datasheets-one-thing = Envie um arquivo ou remova um envio, uma coisa de cada vez.
error-datasheets-too-many = Este servidor já guarda { $limit } envios de fichas; remova um antes (`remove:`).
## webgame
web-log-latest-title = Últimos lances
web-log-title = O registro completo
web-log-all = O registro completo ({ $count ->
        [one] uma entrada
       *[other] { $count } entradas
    })
web-log-empty = Nada foi registrado ainda.
web-log-taken-back = (desfeito)
web-log-position = posição { $position }
web-log-hidden-choice = uma escolha mantida em segredo até o fim da partida.
web-replay-title = Reprise
web-replay-start = Rever a partida desde o início ({ $latest ->
        [one] um lance
       *[other] { $latest } lances
    })
web-replay-first = Início
web-replay-previous = Anterior
web-replay-next = Próxima
web-replay-latest = Atual
web-replay-keys = As setas para a esquerda e para a direita do teclado também percorrem as posições.
web-position-heading = Posição { $position } de { $latest }
web-position-made-by = Como se chegou a esta posição
web-position-start = O início da partida, antes de qualquer lance.
web-back-to-game = Voltar à partida
web-record-title = O registro e os dados
web-export-download = Baixar o registro da partida (JSON)
web-export-about = Qualquer pessoa pode conferir um registro com `banneret verify --file`. Enquanto a partida corre, as escolhas secretas e a semente dos dados ficam de fora.
web-seed-hash = Impressão digital (SHA-256) da semente dos dados, publicada quando a partida começou:
web-seed-hidden = A própria semente aparece aqui quando a partida termina, para que qualquer pessoa possa então refazer cada rolagem.
web-seed-revealed = A semente dos dados, revelada no fim:
web-link-button = Acompanhar na web
run-web-hint = Acompanhe estas partidas num navegador: rode `{ $command }` e abra as páginas delas:

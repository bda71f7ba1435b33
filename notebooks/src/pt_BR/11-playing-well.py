# %% [markdown]
# # 11 · Jogando bem
#
# Você conhece as regras; mas qual lance é *bom*? O pacote tem três ferramentas que dizem o que acham, em
# `carnegie_lab.analysis`:
#
# - `evaluate(game, playouts=N, seed=S)` continua a partida a partir de cada ação legal da decisão atual,
#   muitas vezes. Cada **simulação** deixa robôs gulosos (tutorial 10) jogarem até o fim (com um orçamento
#   pequeno, só algumas rodadas adiante), com alguns lances aleatórios para que as simulações sejam
#   diferentes. Para cada ação ele informa a **margem** final média do jogador que decide (o total dele menos
#   o melhor total entre os outros, em PV), com o seu intervalo, e com que frequência ele venceu.
# - `explain(game, action)` diz o que uma ação muda na hora: a pontuação se a partida terminasse agora, o
#   dinheiro, os bens, a receita e a rede do jogador.
# - `andrew_forecast(game)`, numa partida solo, diz o que a próxima carta de Andrew vai fazer ele fazer: a
#   ação dela (o verso mostra) e as chances exatas do resto.
#
# Com um orçamento de `playouts=` e uma `seed`, `evaluate` dá os mesmos números em qualquer máquina, e este
# tutorial usa o `evaluate` assim. As dicas do aplicativo e o robô difícil pensam por um número de segundos
# (`think=`), então os números deles dependem da velocidade da máquina.
#
# As decisões abaixo vêm da partida de Ada e Bo (a que o tutorial 8 pontua: Ada venceu) e da partida solo de
# Ada do tutorial 9.

# %%
from carnegie_lab.analysis import andrew_forecast, evaluate, explain, review
from carnegie_lab.analysis.compare import DEFAULT_PLAYOUTS
from carnegie_lab.analysis.words import playout_result
from carnegie_lab.bots import STRENGTHS, make_bot
from carnegie_lab.core.i18n import render
from carnegie_lab.session.labels import Labels
from carnegie_lab.tutor import Numbers, gain, loss, positions
from carnegie_lab.tutor.chart import chart
from carnegie_lab.tutor.exercise import Exercise
from carnegie_lab.tutor.script import Step, bots_play, play
from carnegie_lab.tutor.stepper import Stepper
from carnegie_lab.views import review_figure

LANG = "pt_BR"
ROWS = ("HR", "MG", "CO", "RD")


def margin(rows, action):
    """A margem média que o `evaluate` achou para uma ação, arredondada para um PV inteiro."""
    return round(next(row for row in rows if row.notation == action).margin)


def overlap(rows, first, second):
    """Se os intervalos que o `evaluate` deu a duas ações se sobrepõem."""
    a, b = (next(row for row in rows if row.notation == action) for action in (first, second))
    return a.margin_low <= b.margin_high and b.margin_low <= a.margin_high


def everyone(game, value):
    """Um valor para cada jogador, pelo nome."""
    return {name: value(seat) for seat, name in enumerate(game.players)}


def show_rows(rows):
    """As linhas do `evaluate`, em palavras."""
    for row in rows:
        print(f"{row.action}: {playout_result(row, LANG)}")


def show_explanation(explanation):
    print("\n".join(explanation.lines_in(LANG)))


# %% [markdown]
# ## A escolha da Linha do Tempo
#
# A linha que você escolhe é a ação de **todos**, e o evento dela também é de todos. Uma linha é boa para
# você quando ela dá mais a você do que aos outros. Rodada 8 da partida de Ada e Bo: Bo está atrás e
# escolhe. O `explain` de uma escolha ainda não muda nada na mesa, mas diz o que vem depois: o evento, ou o
# turno do Primeiro Jogador.

# %%
choice = positions.round_start(8)
print(choice.decision_in(LANG).prompt)
print("dinheiro:", everyone(choice, choice.money), " a próxima Doação custa:", everyone(choice, choice.donation_price))
for row in ROWS:
    print(f"choose {row} -> depois: {render(explain(choice, f'choose {row}').next, LANG)}")

# %% [markdown]
# Gerência e Construção trazem um evento de doação, e Bo não pode pagar: a Doação seria só de Ada (o
# `explain` mostra o evento indo direto para ela). O que cada linha dá a cada jogador? Um *e se* rápido:
# robôs gulosos terminam a rodada numa cópia, e comparamos as pontuações "se a partida terminasse agora".

# %%
greedy_pair = [make_bot("greedy", 1), make_bot("greedy", 2)]
now = {name: score.total for name, score in choice.scores().items()}
for row in ROWS:
    after = play(choice.copy(), [f"choose {row}", bots_play(greedy_pair, lambda g: g.round > choice.round)])
    print(f"{row}:", {name: f"{score.total - now[name]:+d} PV" for name, score in after.scores().items()})

# %% [markdown]
# Isso é uma rodada, jogada de um jeito. O `evaluate` joga a partida inteira adiante, muitas vezes:
# `playouts=20` joga cada ação 20 vezes, e a simulação número `r` de cada ação usa os mesmos sorteios (as
# mesmas cartas ocultas, os mesmos lances aleatórios onde for possível), para que as ações sejam comparadas
# em pé de igualdade; cada uma recebe o seu próprio intervalo. (Esta célula joga uma centena de partidas até
# o fim: alguns segundos.)

# %%
timeline = evaluate(choice, playouts=20, seed=1)
show_rows(timeline)
print("o intervalo da primeira se sobrepõe ao de outra:",
      any(overlap(timeline, timeline[0].notation, row.notation) for row in timeline[1:]))

# %% [markdown]
# Na partida, Bo escolheu P&D, como fez na maioria das rodadas pares. A análise põe Recursos Humanos em
# primeiro, e o intervalo dela não se sobrepõe a nenhum outro: uma rodada tranquila, em que Ada não ganha
# nada, é a melhor rodada para Bo. P&D dá mais a Ada do que a Bo (as Tabelas de Projetos dela); Gerência e
# Construção dão a ela a Doação.

# %% [markdown]
# ## Quando doar
#
# Uma Doação custa mais a cada vez que você doa (tutorial 7) e pontua no fim da partida. O `explain` dá o
# preço dela agora e o que ela pontuaria se a partida terminasse agora; o `evaluate` diz se o dinheiro
# renderia mais em outro lugar. Rodada 7: Ada escolheu Gerência, cujo evento é uma Doação, e ela decide
# primeiro.

# %%
donation = play(positions.round_start(7), ["choose MG"])
for action in ("donate education_dept_any", "donate welfare_7vp", "donate welfare_money"):
    show_explanation(explain(donation, action))
gifts = evaluate(donation, playouts=6, seed=1)
show_rows(gifts)

# %% [markdown]
# Leia os intervalos. Os espaços de Educação, *Bem-Estar: 7 PV* e não doar (`done`) se sobrepõem: a esse
# preço, uma Doação vale mais ou menos o que o dinheiro rende quando fica na Companhia. Dois espaços ficam
# bem atrás, os espaços de Bem-Estar que pontuam pagamentos: *Bem-Estar: dinheiro* e *Bem-Estar: dinheiro e
# bens*. O `explain` dá PV ao primeiro agora, porque conta o que Ada poderia pagar se a partida terminasse
# hoje; mas ele só pontua o dinheiro pago no fim, dinheiro que de outro modo teria trabalhado para ela até
# lá. Os PV "se a partida terminasse agora" são uma primeira olhada, não o valor de um lance.

# %% [markdown]
# ## Construindo rumo a uma conexão entre cidades grandes
#
# Uma conexão de cidades grandes pontua no fim, mais nos níveis de transporte mais altos (tutorial 8). O
# `explain` tem uma linha *rede*: as cidades onde o jogador constrói e a melhor conexão dele entre cidades
# grandes. Rodada 4: Bo escolheu Construção. A casa dele fica em Pittsburgh, entre Chicago e New York.

# %%
build = play(positions.round_start(4), ["choose CO"])
show_explanation(explain(build, "co C new_york"))
then = play(build.copy(), ["co C new_york"])
show_explanation(explain(then, "co I chicago"))
links = [str(action) for action in then.legal_actions()
         if any(change.name == "best major-city link" for change in explain(then, action).changes)]
print("as construções que fazem uma conexão depois de New York:", links)

# %% [markdown]
# A primeira construção não muda nenhuma conexão (uma cidade grande sozinha não conecta nada), então o
# `explain` dela mostra só uma cidade nova; a segunda faz a conexão. Para construir rumo a uma conexão,
# planeje duas construções de uma vez: jogue a primeira numa cópia e depois peça o `explain` da segunda.

# %% [markdown]
# ## O robô difícil
#
# Os robôs têm níveis para as pessoas jogarem contra: fácil, médio e difícil. Cada um é uma *especificação*
# de robô para o `make_bot`:

# %%
for name, strength in STRENGTHS.items():
    print(f"{name:7} make_bot({strength.spec!r}): {render(strength.label, LANG)} — {render(strength.play, LANG)}")

# %% [markdown]
# O robô de busca joga cada lance candidato algumas rodadas adiante com jogadores gulosos e fica com o
# melhor. O `hard` pensa por um tempo; aqui a mesma busca recebe um orçamento de simulações, para que jogue o
# mesmo lance em qualquer máquina. (Sem cartas ocultas e sem lances aleatórios, uma simulação gulosa sempre
# segue o mesmo caminho, então na partida de Ada e Bo a busca joga cada candidato uma vez; contra Andrew ela
# sorteia de novo as cartas ocultas dele a cada simulação.) Rodada 16: Bo escolhe a linha de novo. O que
# escolhem o robô guloso e o robô de busca, e o que diz o `evaluate`?

# %%
decision = positions.round_start(16)
greedy, search = make_bot("greedy", 1), make_bot("search:playouts=16", 1)
print("guloso:", greedy.choose(decision), "   busca:", search.choose(decision))
late = evaluate(decision, playouts=12, seed=1)
show_rows(late)

# %% [markdown]
# O robô de busca encontra a rodada tranquila que o robô guloso não vê, e o `evaluate`, que joga cada linha
# até o fim, concorda.
#
# ## As decisões no tabuleiro
#
# O passo a passo joga a partida de Ada e Bo a partir da rodada 4 e para em cada uma dessas decisões, com o
# que a análise disse; no fim, o robô de busca escolhe por Bo. Clique em **Avançar** para jogar um passo e
# em **Voltar** para voltar; *Tente sua própria ação* joga qualquer outra coisa numa cópia (o
# [tutorial 1](01-components-and-setup.ipynb) mostra como usar o passo a passo).

# %%
final = positions.whole_game()
C = final.components


def this_round(g):
    return g.round


def bo_chose(row, number):
    """Se essa linha foi escolhida nessa rodada da partida guardada."""
    return lambda g: final.round_summaries()[number - 1]["chosen"] == row


def chosen(row, first, last):
    """Quantas das rodadas de `first` a `last` escolheram essa linha."""
    return lambda g: sum(1 for s in g.round_summaries()[first - 1:last] if s["chosen"] == row)


def link(what):
    """Um número da melhor conexão de Bo entre cidades grandes."""
    return lambda g: getattr(g.connection(1), what)


def like_skipping(g):
    """A Doação de Ada e não doar têm intervalos que se sobrepõem."""
    return overlap(gifts, "donate education_dept_any", "done")


def payments_last(g):
    """Os espaços de Bem-Estar que pontuam pagamentos ficam por último nas linhas de doação do `evaluate`."""
    return [row.notation for row in gifts[-2:]] == ["donate welfare_money_goods", "donate welfare_money"]


def donations_on_mg_and_co(g):
    """Das quatro linhas, só Gerência e Construção trazem um evento de doação."""
    return [g.row_event(row)[1].donation for row in ROWS] == [False, True, True, False]


def hr_first(g):
    """O `evaluate` põe Recursos Humanos em primeiro, com um intervalo que não se sobrepõe a nenhum outro."""
    return timeline[0].notation == "choose HR" and not any(
        overlap(timeline, "choose HR", row.notation) for row in timeline[1:])


def search_text(g):
    """O último passo: a linha do robô de busca, ao lado das margens do guloso e do `evaluate`."""
    played, other = str(g.actions[-1]), str(greedy.choose(decision))
    words = Labels(decision, LANG).action
    return (f"Rodada {decision.round}: o robô de busca decide por Bo e joga *{words(played)}*, onde o robô guloso "
            f"joga *{words(other)}*. O `evaluate` dá a Bo uma margem de {margin(late, played)} PV depois do "
            f"primeiro, e de {margin(late, other)} PV depois do segundo.")


tour = Stepper(positions.round_start(4), [
    Step("Bo escolhe Construção",
         "Rodada 4. A casa de Bo fica em Pittsburgh, entre duas cidades grandes, Chicago e New York. Ele "
         "escolhe **CO**.",
         ["choose CO"], view="map", expect=Numbers({4: this_round})),
    Step("Primeiro New York",
         "Um projeto de Comércio em New York. O `explain` mostra uma cidade nova na rede de Bo e nenhuma "
         "conexão ainda: uma cidade grande sozinha não conecta nada.",
         ["co C new_york"], view="network", player=1),
    Step("Chicago faz a conexão",
         "Um projeto de Indústria em Chicago junta Chicago, Pittsburgh e New York numa só rede. O `explain` "
         "mostra a melhor conexão entre cidades grandes passando de nenhuma para Chicago – New York (3 PV): 2 "
         "pontos de conexão no nível de transporte 1. As trilhas de Bo subiram depois: no fim da partida a "
         "mesma conexão rendeu **9 PV** a ele.",
         ["co I chicago"], view="network", player=1,
         expect=Numbers({3: link("vp"), 2: link("points"), 1: link("level"), 9: lambda g: final.connection(1).vp})),
    Step("Um evento de doação",
         "Duas rodadas depois, na rodada 7, Ada escolhe **MG**, cujo evento é *Fazer uma Doação*. Agora uma "
         "Doação custa **$10** para cada um (a segunda de cada). Ada tem **$29**, Bo **$11**.",
         [*positions.round_actions(5, 6), "choose MG"], view="timeline",
         expect=Numbers({7: this_round, 29: lambda g: g.money(0), 11: lambda g: g.money(1),
                         10: (lambda g: g.donation_price(0), lambda g: g.donation_price(1))})),
    Step("Ada doa",
         "Ada escolhe *Educação: todos os departamentos* por **$10**: 7 PV se a partida terminasse agora, mais "
         "à medida que a Companhia dela cresce. O `evaluate` dá a ela uma margem de cerca de +20 PV depois "
         "disso, e de +25 PV se ela não doar: os dois intervalos se sobrepõem. Ele põe *Bem-Estar: dinheiro* "
         "por último, com −9 PV.",
         ["donate education_dept_any"], view="donations",
         expect=Numbers({10: loss(lambda g: g.money(0)), 7: gain(lambda g: g.scores()["Ada"].donations),
                         20: lambda g: margin(gifts, "donate education_dept_any"),
                         25: lambda g: margin(gifts, "done"), 9: lambda g: -margin(gifts, "donate welfare_money")},
                        facts={"os dois intervalos se sobrepõem": like_skipping,
                               "Bem-Estar: dinheiro fica por último, depois de Bem-Estar: dinheiro e bens":
                               payments_last})),
    Step("Bo doa",
         "Bo paga **$10** por *Bem-Estar: 7 PV* e fica com **$1**.",
         ["donate welfare_7vp"], view="donations",
         expect=Numbers({10: loss(lambda g: g.money(1)), 7: gain(lambda g: g.scores()["Bo"].donations),
                         1: lambda g: g.money(1)})),
    Step("O fim da rodada 7",
         "O Comércio e Finanças de Ada rende **$9** a ela; Bo passa. Começa a rodada 8, e Bo escolhe.",
         positions.round_actions(7)[3:], view="company", player=0,
         expect=Numbers({9: gain(lambda g: g.money(0)), 7: lambda g: g.round - 1, 8: this_round})),
    Step("Rodada 8: qual linha?",
         "Bo tem **$1**. MG e CO trazem um evento de doação que só Ada pode pagar (**$15** dos **$28** dela); "
         "P&D deixa ela pesquisar também; HR não dá nada a ela. O `evaluate` põe **HR** em primeiro, com uma "
         "margem de −10 PV para Bo, e P&D com −21 PV.",
         [], view="timeline",
         expect=Numbers({8: this_round, 1: lambda g: g.money(1), 15: lambda g: g.donation_price(0),
                         28: lambda g: g.money(0), 10: lambda g: -margin(timeline, "choose HR"),
                         21: lambda g: -margin(timeline, "choose RD")},
                        facts={"MG e CO trazem um evento de doação, HR e RD nenhum": donations_on_mg_and_co,
                               "o `evaluate` põe HR em primeiro, sem sobrepor nenhum outro intervalo": hr_first})),
    Step("O que Bo escolheu",
         "Na partida, Bo escolheu **RD**. Ele avançou em duas trilhas; Ada revelou mais **três** espaços da "
         "Tabela de Habitação dela (uma tabela pontua o último espaço de PV revelado).",
         positions.round_actions(8), view="tracks", player=0,
         expect=Numbers({2: gain(lambda g: sum(g.track_space(1, region) for region in C.regions)),
                         3: gain(lambda g: g.tab(0, "H").revealed)})),
    Step("Rumo à rodada 16",
         "A partida segue como foi jogada até o fim da rodada 15: Ada escolheu MG **4** vezes, Bo escolheu RD "
         "**3** vezes.",
         positions.round_actions(9, 15), view="scores",
         expect=Numbers({16: this_round, 15: lambda g: g.round - 1, 4: chosen("MG", 9, 15), 3: chosen("RD", 9, 15)})),
    Step("O robô de busca decide", search_text,
         [lambda g: g.apply(search.choose(g))], view="timeline"),
], title="As decisões de Ada e Bo", view="map", player=1,
   intro="A partida de Ada e Bo como eles a jogaram, a partir da escolha de linha de Bo. Clique em **Avançar**.",
   lang=LANG)
tour

# %% [markdown]
# ## Revisando a partida inteira
#
# `review(game, seats, playouts=N, seed=S)` julga cada decisão de uma partida terminada que tinha uma
# escolha, como o jogador a via (nunca o futuro da partida). Primeiro uma triagem barata: o lance que a
# avaliação gulosa considera o melhor recebe a nota *melhor* sem nenhuma simulação. Qualquer outro lance é
# jogado adiante contra os melhores outros, até o fim da partida e com os mesmos sorteios, lote após lote
# enquanto os PV que ele perdeu não estão claros, até `playouts` simulações por ação. As notas: *melhor*,
# *boa* (menos de 2 PV), *imprecisão*, *erro*, *erro grave*, cada uma dada só onde todo o intervalo de 95%
# dos PV perdidos cabe na sua faixa, e *incerta* onde não cabe. O `review_figure` desenha a margem final
# esperada do jogador depois de cada decisão que foi simulada, colorida pela nota (a aba Replay do
# aplicativo mostra a mesma revisão, veja *Revisar este jogo*). Um orçamento pequeno deixa a revisão rápida:
# as decisões de Bo, no máximo 4 simulações por ação. Nada muda este gráfico depois de desenhado, então o
# `chart` o mostra como a própria saída do plotly (passe o mouse sobre um ponto para lê-lo), mais leve que um
# `FigureWidget`.

# %%
bo = review(final, [1], playouts=4, seed=0)
print(bo.summary()[1].text(LANG))
chart(review_figure(bo, lang=LANG))

# %%
bo_grades = bo.summary()[1].grades
Numbers({79: lambda g: len(bo.decisions), 72: lambda g: bo_grades["best"], 7: lambda g: bo_grades["unclear"],
         4: lambda g: bo.playouts, 32: lambda g: DEFAULT_PLAYOUTS},
        facts={"nenhuma decisão de Bo recebe a nota de um erro":
               lambda g: bo_grades["inaccuracy"] + bo_grades["mistake"] + bo_grades["blunder"] == 0,
               "a revisão não aponta nenhuma decisão mais cara": lambda g: not bo.costliest}).told(
    "Com no máximo **4** simulações por ação, a revisão dá nota às **79** decisões de Bo: **72** com a nota "
    "*melhor* (a triagem considera o melhor o lance que ele jogou) e **7** com a nota *incerta*, onde tão "
    "poucas simulações não dizem se ele perdeu algo. Por isso ela não aponta nenhuma decisão mais cara: uma "
    "decisão só é apontada quando as simulações mostram uma perda, em vez de um chute. Uma revisão de verdade "
    "usa mais (o padrão é 32).", final)

# %% [markdown]
# ## Solo: a próxima carta de Andrew
#
# Contra Andrew Carnegie, a linha é sua nas rodadas ímpares e da carta dele nas rodadas pares (tutorial 9). A
# próxima carta dele está virada para baixo na pilha de compra, mas o verso dela mostra a ação (no nível 1 o
# verso de toda carta mostra; nos níveis 2-4 o verso de uma carta avançada mostra só que ela é avançada), e
# quais números ainda restam no baralho dele é público. Então a linha que ela escolhe é certa, e a carta é um
# dos números restantes com essa ação, todos igualmente prováveis. O `andrew_forecast` transforma isso em
# chances exatas: as cartas que ela pode ser, a linha que ela escolhe e, em `forecast.donation` e
# `forecast.actions`, a Doação dele e o que ele faria em cada linha. Aqui está a partida solo de Ada depois da
# preparação dela, na rodada 1.

# %%
solo = positions.solo_after_setup(level=1)
andrew = solo.andrew()
print("O verso da carta de Andrew da rodada 1 mostra", andrew.card_action, "e o da próxima carta",
      andrew.next_action, "-", andrew.cards_left, "cartas para comprar")
forecast = andrew_forecast(solo)
print("A carta de Andrew da rodada", forecast.round, "- o verso mostra", forecast.next_action,
      "(ela escolhe a linha)" if forecast.chooses_row else "(você escolhe a linha)")
print("as cartas que ela pode ser:", {chance.outcome: str(chance.chance) for chance in forecast.cards})
print("a linha que ela escolhe:", {chance.outcome: str(chance.chance) for chance in forecast.row})

# %% [markdown]
# A carta dele da rodada 2 vai escolher P&D: o verso diz isso. O que ela vai fazer ele fazer ali é o que
# precisa ser pesado: qual trilha e quanto, e, num evento de doação, qual espaço. A dica do tutorial 9 (não
# dê a Andrew a ação em que a carta dele é mais forte) funciona também uma rodada adiante: a previsão diz
# quais linhas e cidades a próxima carta dele pode tirar de você. O `evaluate` e os robôs também nunca
# espiam o baralho dele: a cada simulação eles sorteiam de novo as cartas ocultas, ao acaso, atrás dos versos
# que estão à vista.

# %% [markdown]
# ## Exercícios

# %%
Exercise("Na rodada 8, qual linha o `evaluate` põe em primeiro para Bo?",
         lambda g: timeline[0].notation, choice, pinned="choose HR",
         options=[("HR (Recursos Humanos)", "choose HR"), ("MG (Gerência)", "choose MG"),
                  ("CO (Construção)", "choose CO"), ("RD (Pesquisa e Desenvolvimento)", "choose RD")],
         mistakes={"choose RD": "Foi isso que Bo escolheu na partida. Leia as margens que o `evaluate` imprimiu.",
                   "choose MG": "O evento dela é uma Doação que só Ada pode pagar.",
                   "choose CO": "O evento dela é uma Doação que só Ada pode pagar."},
         hint="Leia a primeira linha que o `evaluate` imprimiu na parte sobre a escolha da Linha do Tempo.",
         expect=Numbers({8: this_round}, facts={"Bo escolheu RD na partida": bo_chose("RD", 8)}),
         code="evaluate(game, playouts=20, seed=1)[0]", lang=LANG)

# %%
PAYMENT = C.donations["welfare_money"].formula


def welfare_money_now(g):
    return explain(g, "donate welfare_money").score_change().get("donations", 0)


Exercise("Na rodada 7, se Ada doasse em *Bem-Estar: dinheiro*, quantos PV isso pontuaria se a partida "
         "terminasse agora?",
         welfare_money_now, donation, pinned=6,
         mistakes={2: "Isso é o que um pagamento pontua. Quantos pagamentos ela pode fazer?",
                   10: "Ela paga primeiro o preço da Doação: conte os pagamentos com o que sobra."},
         hint="O espaço pontua 2 PV para cada $5 pagos no fim. Ada tem $29 e a Doação custa $10.",
         expect=Numbers({7: this_round, 2: lambda g: PAYMENT.vp, 5: lambda g: PAYMENT.payment.money,
                         29: lambda g: g.money(0), 10: lambda g: g.donation_price(0)}),
         code='explain(game, "donate welfare_money").score_change()["donations"]', lang=LANG)

# %%
Exercise("Depois das duas construções de Bo na rodada 4, quantos PV a conexão dele entre cidades grandes "
         "pontuaria se a partida terminasse agora?",
         link("vp"), tour.game_at(3), pinned=3,
         mistakes={2: "Esses são os pontos de conexão dela: a tabela transforma pontos e nível em PV.",
                   9: "Isso é o que a conexão pontuou no fim da partida, 9 PV, com as trilhas de Bo mais altas."},
         hint="Leia a linha da rede no `explain` da construção de Bo em Chicago.",
         expect=Numbers({4: lambda g: g.round_summaries()[-1]["round"], 2: link("points"),
                         9: lambda g: final.connection(1).vp}),
         code="game.connection(1).vp", lang=LANG)

# %%
Exercise("Na rodada 16, qual linha o robô de busca (`search:playouts=16`) escolhe para Bo?",
         lambda g: str(search.choose(g)), decision, pinned="choose HR",
         options=[("HR (Recursos Humanos)", "choose HR"), ("MG (Gerência)", "choose MG"),
                  ("CO (Construção)", "choose CO"), ("RD (Pesquisa e Desenvolvimento)", "choose RD")],
         mistakes={"choose MG": "Essa é a escolha do robô guloso.",
                   "choose RD": "Foi isso que Bo escolheu na partida.",
                   "choose CO": "O robô de busca fica com o candidato cujas simulações deram a melhor margem."},
         hint="Leia a linha que a parte sobre o robô difícil imprimiu, ou o último passo do passo a passo.",
         expect=Numbers({16: this_round},
                        facts={"o robô guloso escolhe MG": lambda g: str(greedy.choose(g)) == "choose MG",
                               "Bo escolheu RD na partida": bo_chose("RD", 16)}),
         code="search.choose(game)", lang=LANG)

# %%
def next_cards(g):
    """Quantas cartas a próxima carta de Andrew pode ser (no nível 1: os números restantes com a ação do verso)."""
    return len(andrew_forecast(g).cards)


Exercise("Depois da preparação de Ada, quantas cartas diferentes a carta de Andrew da rodada 2 pode ser?",
         next_cards, solo, pinned=5,
         mistakes={19: "Ele tem 19 cartas para comprar, mas o verso da próxima mostra a ação dela.",
                   1: "O verso mostra a ação, não a carta: conte os números restantes com essa ação.",
                   4: "A carta da rodada 1 é uma carta de Gerência, não de P&D: ela não tira nenhum número de P&D."},
         hint="Leia a primeira linha da previsão (a ação do verso) e depois as cartas que ela lista.",
         expect=Numbers({2: lambda g: g.round + 1, 19: lambda g: g.andrew().cards_left, 1: lambda g: g.round},
                        facts={"a carta da rodada 1 mostra MG": lambda g: g.andrew().card_action == "MG",
                               "a próxima carta mostra RD": lambda g: g.andrew().next_action == "RD"}),
         code="andrew_forecast(game).cards", lang=LANG)


# %% [markdown]
# ← [10 · Explorando posições](10-exploring-positions.ipynb) · [Índice](00-contents.ipynb)

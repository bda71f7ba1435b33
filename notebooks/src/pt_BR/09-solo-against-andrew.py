# %% [markdown]
# # 9 · O jogo solo contra Andrew Carnegie
#
# Sozinho? Jogue contra o próprio Andrew Carnegie. Andrew não tem Companhia, nem dinheiro, nem Empregados:
# um baralho de 20 cartas de ação decide o que ele faz, e ele sempre tem o que precisa.
#
# ## Como Andrew joga
#
# - Você faz a preparação de sempre (a sua casa, o seu Departamento reservado, os seus movimentos
#   iniciais); o tabuleiro recebe discos neutros como numa partida de 2 jogadores. Andrew tem um disco em
#   cada trilha de transporte.
# - A cada rodada Andrew compra uma carta, virada para baixo. O verso dela mostra a sua ação, aquela em que
#   ele é mais forte, e o verso da próxima carta da pilha de compra dele também (o verso de uma carta
#   avançada, nos níveis 2-4, mostra só que ela é avançada); a frente aparece a partir do turno dele.
#   **Você escolhe a ação nas rodadas ímpares** (1, 3, 5...); nas rodadas pares **a carta de Andrew
#   escolhe**.
# - Andrew age primeiro, seguindo a sua carta: num evento de doação ele faz a Doação impressa nela; depois,
#   na ação da rodada, ele constrói discos nas cidades da carta (Construção), tira Departamentos da reserva
#   (Gerência) ou avança numa trilha (P&D). Recursos Humanos não faz nada para ele, a não ser deslizar a
#   carta.
# - Sempre que ele não consegue fazer algo, e em Recursos Humanos, a carta dele **desliza** para a direita.
#   No fim da rodada a carta fica sobre uma de cinco cartas de PV: 0, 1, 3, 6 ou 10 PV, conforme o quanto
#   ela deslizou.
#
# ## Como Andrew pontua
#
# As cartas de PV sob as cartas dele, 2 PV por Departamento que ele tirou, 6 PV por espaço final que ele
# alcançou, os PV das cidades dos discos dele e as Doações dele, contadas com os **seus** resultados (uma
# Doação "2 PV por disco no Oeste" conta os seus discos no Oeste).
#
# O nível (de 1 a 4) define quantas cartas dele são avançadas.

# %%
from IPython.display import HTML

import carnegie_lab as cl
from carnegie_lab.core.i18n import render
from carnegie_lab.tutor import Numbers, positions
from carnegie_lab.tutor.exercise import Exercise
from carnegie_lab.tutor.script import Step, until_round
from carnegie_lab.tutor.stepper import Stepper

LANG = "pt_BR"

# %%
# A partida solo de Ada contra Andrew no nível 1, depois da preparação dela (a parte dela da preparação do
# tutorial 1: positions.SOLO_SETUP).
game = positions.solo_after_setup(level=1)
andrew = game.andrew()
print("A carta de Andrew da rodada 1 está virada para baixo, o verso mostra", andrew.card_action,
      "- o verso da próxima carta mostra", andrew.next_action, "-", andrew.cards_left, "cartas ainda para comprar")
HTML(cl.views.game_html(game, lang=LANG))

# %% [markdown]
# Ada fez a mesma preparação do tutorial 1. A primeira carta do baralho de Andrew já foi comprada, virada
# para baixo: Ada vê o verso dela e o verso da carta no topo da pilha de compra dele; as frentes e a ordem
# das outras cartas ficam escondidas, como na mesa. O passo a passo abaixo descreve a carta de Andrew em
# cada passo (a linha, as cidades, a trilha e a Doação dela) assim que o turno dele a revela. Clique em
# **Avançar** para jogar um passo e em **Voltar** para voltar; *Tente sua própria ação* joga qualquer outra
# coisa numa cópia (o [tutorial 1](01-components-and-setup.ipynb) mostra como usar o passo a passo).

# %%
C = game.components
VP_CARDS = C.constants.andrew_vp_cards
round_1 = game.copy()
round_1.apply("choose CO")                 # a escolha de Ada: o turno de Andrew vira a carta dele
CARD_OF_ROUND_1 = round_1.andrew().card


def steps(n):
    return f"{n} passo" if n == 1 else f"{n} passos"


def card_text(g):
    """A carta de Andrew desta rodada em palavras, e as cartas sobre as cartas de PV dele."""
    a = g.andrew()
    slots = ", ".join(f"{vp} PV: {' '.join(cards)}" for vp, cards in a.vp_cards if cards)
    now = f"A carta de Andrew desta rodada está virada para baixo; o verso mostra {a.card_action}." \
        if a.face_down else ""
    if a.card is not None:
        card = C.solo_cards[a.card]
        cities = ", ".join(render(C.cities[c].name, LANG) for c in card.co_cities)
        region = render(C.regions[card.rd_region].name, LANG)
        now = (f"A carta de Andrew desta rodada: **{a.card}** (ação {card.action}; constrói em {cities}; P&D "
               f"{steps(card.rd_steps)} na trilha do {region}); até agora ela deslizou {steps(a.slide)} para a "
               "direita.")
    upcoming = f" O verso da próxima carta dele mostra {a.next_action}." if a.next_action else ""
    return now + upcoming + (f" Cartas sobre as cartas de PV: {slots}." if slots else "")


def andrew_text(text):
    return lambda g: text + "\n\n" + card_text(g)


def vp_card_of(card):
    """A carta de PV sobre a qual está a carta solo dada (`None` enquanto não está sobre nenhuma)."""
    return lambda g: next((vp for vp, cards in g.andrew().vp_cards if card in cards), None)


def top_vp_card(g):
    """A melhor carta de PV com uma das cartas de Andrew em cima."""
    return max(vp for vp, cards in g.andrew().vp_cards if cards)


def this_round(g):
    return g.round


tour = Stepper(game, [
    Step("Rodada 1: Ada escolhe Construção",
         andrew_text("Nas rodadas ímpares é Ada quem escolhe a linha. Ela escolhe **CO**. Andrew age primeiro: a "
                     "carta dele manda os discos pretos para Pittsburgh e New York, cada um num espaço de "
                     "Habitação livre (senão Comércio, depois Indústria, depois Infraestrutura Pública)."),
         ["choose CO"], view="map", expect=Numbers({1: this_round})),
    Step("Ada constrói",
         andrew_text("Ada constrói em Cincinnati e em Chicago (tutorial 5). A rodada termina: a carta de Andrew "
                     "nunca deslizou, então fica sobre a carta de 0 PV. A rodada 2 começa em seguida: agora é "
                     "Andrew quem escolhe, e a nova carta dele escolhe **RD**. Ele avança na trilha do Sul antes "
                     "de Ada fazer qualquer coisa."),
         ["co C cincinnati", "co I chicago"], view="tracks",
         expect=Numbers({0: vp_card_of(CARD_OF_ROUND_1), 2: this_round})),
    Step("Receita para Ada",
         andrew_text("O evento da linha RD é *Receber Receita no Centro-Oeste*: Ada traz os seus dois Empregados "
                     "de volta. Eventos de receita não fazem nada para Andrew."),
         ["income 2"], view="company"),
    Step("A pesquisa de Ada",
         andrew_text("Ada gasta os seus 4 pontos de estudo. A rodada 2 termina: a carta de Andrew fica de novo "
                     "sobre a carta de 0 PV, e começa a rodada 3; a escolha é de Ada."),
         ["rd", "tab C", "track midwest", "tab H"], view="tracks",
         expect=Numbers({4: lambda g: g.standing(0, "d1") * C.departments["research"].params["study_per_employee"],
                         0: top_vp_card,
                         2: lambda g: g.round - 1, 3: this_round})),
    Step("Rodada 3: Recursos Humanos",
         andrew_text("Ada escolhe **HR**: o verso da carta de Andrew mostrava **CO**, a ação mais forte dele nesta "
                     "rodada, e ela a tira dele. Recursos Humanos não faz nada para Andrew, a não ser deslizar a "
                     "carta: esta desliza 2 espaços."),
         ["choose HR"], view="timeline",
         expect=Numbers({3: this_round, 2: lambda g: g.andrew().slide},
                        facts={"a carta dele mostra CO": lambda g: g.andrew().card_action == "CO"})),
    Step("Os pontos de Andrew",
         andrew_text("Ada passa a vez e a rodada termina: a carta de Andrew fica sobre a carta de **3 PV**. A "
                     "rodada 4 é de Andrew: a nova carta dele escolhe **CO**, então ele doa e constrói antes do "
                     "turno de Ada (Cincinnati está cheia: a carta dele desliza). A vista da pontuação mostra as "
                     "cartas de PV dele e os PV das cidades dos discos dele."),
         [until_round(4)], view="scores",
         expect=Numbers({3: top_vp_card, 4: this_round})),
], title="Três rodadas contra Andrew", view="map", player=0,
   intro="A partida de Ada contra Andrew depois da preparação dela. Clique em **Avançar**.", lang=LANG)
tour

# %% [markdown]
# Uma dica das regras: antes de escolher a linha, olhe o verso da carta de Andrew (a ação em que ele é mais
# forte nesta rodada) e evite dar essa ação a ele; o verso da carta no topo da pilha de compra dele diz o
# que a carta dele vai escolher na rodada seguinte. No motor, os versos são `game.andrew().card_action` e
# `game.andrew().next_action`; a própria carta é `game.andrew().card` assim que o turno dele a vira para
# cima (`None` antes disso), e as cartas solo são dados:

# %%
before = tour.game_at(4).andrew()          # rodada 3, antes de Ada escolher: a carta dele está virada para baixo
print(before.card, before.card_action, before.next_action)
print(C.solo_cards[tour.game_at(5).andrew().card])   # depois da escolha dela: o turno dele revela a carta

# %% [markdown]
# ## Exercícios

# %%
Exercise("Quem escolhe a linha na rodada 2?",
         lambda g: "andrew" if g.andrew().chooses else "ada", tour.game_at(2), pinned="andrew",
         options=[("Ada", "ada"), ("Andrew Carnegie", "andrew")],
         mistakes={"ada": "Ada escolhe só nas rodadas ímpares."},
         explanation="A carta de Andrew escolhe nas rodadas pares, o jogador nas ímpares.",
         expect=Numbers({2: this_round}),
         code="game.andrew().chooses", lang=LANG)

# %%
Exercise("No fim da partida, quantos PV Andrew vai ganhar pela carta que jogou na rodada 3?",
         vp_card_of(tour.game_at(5).andrew().card), tour.game_at(6), pinned=3,
         mistakes={2: "Isso é o quanto a carta deslizou: leia a carta de PV sobre a qual ela está.",
                   1: "Ela deslizou mais de um espaço."},
         hint="Conte o quanto a carta deslizou (passo 5) e leia as cartas de PV: 0, 1, 3, 6 e 10.",
         expect=Numbers({0: lambda g: VP_CARDS[0], 1: lambda g: VP_CARDS[1], 6: lambda g: VP_CARDS[3],
                         10: lambda g: VP_CARDS[4], 3: (lambda g: VP_CARDS[2], lambda g: g.round - 1)}),
         code="game.andrew().vp_cards  # (PV, as cartas sobre essa carta de PV)", lang=LANG)

# %% [markdown]
# ← [8 · O fim da partida e a pontuação](08-end-of-game-and-scoring.ipynb) · [Índice](00-contents.ipynb) ·
# [10 · Explorando posições](10-exploring-positions.ipynb) →

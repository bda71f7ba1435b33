# %% [markdown]
# # 7 · Doações
#
# As Doações são o jeito que *Carnegie* tem de transformar dinheiro em pontos de vitória. Elas só acontecem
# num evento *Fazer uma Doação* da Linha do Tempo: começando pelo Primeiro Jogador, cada jogador pode fazer
# **uma** Doação (nos espaços da Peça Final um jogador pode receber a receita e também doar).
#
# ## A tabela de doações
#
# A tabela tem 20 espaços, em quatro temas: Educação, Direitos Humanos, Bem-Estar e Saúde. Para doar, você
# põe um dos seus discos num espaço **livre** (os discos neutros bloqueiam alguns) e paga:
#
# - **\$5** pela primeira Doação, **\$10** pela segunda, **\$15** pela terceira, e assim por diante.
#
# Cada espaço pontua no fim da partida por algo que você fez: Departamentos de um tipo, projetos de um tipo,
# discos numa região, Empregados ativos... Alguns espaços de Bem-Estar deixam você pagar dinheiro ou bens no
# fim em troca de PV. Uma única Doação nunca vale mais de **12 PV**.

# %%
from IPython.display import HTML

import carnegie_lab as cl
from carnegie_lab.core.i18n import translator
from carnegie_lab.tutor import Numbers, loss, positions
from carnegie_lab.tutor.exercise import Exercise
from carnegie_lab.tutor.script import Step, until
from carnegie_lab.tutor.stepper import Stepper

LANG = "pt_BR"
_ = translator(LANG).gettext

# %%
# A partida de Ada e Bo do tutorial 1, logo depois da preparação (as suas ações são positions.SETUP).
game = positions.after_setup()
HTML(cl.views.game_html(game, lang=LANG))

# %% [markdown]
# Clique em **Avançar** para jogar um passo e em **Voltar** para voltar; *Tente sua própria ação* joga
# qualquer outra coisa numa cópia (o [tutorial 1](01-components-and-setup.ipynb) mostra como usar o passo
# a passo).

# %%
C = game.components


def donation_vp(donation):
    """Os PV que um espaço de doação conta (por item contado, ou o total, num espaço fixo)."""
    return lambda g: C.donations[donation].formula.vp


def this_round(g):
    return g.round


def donations_of(name):
    return lambda g: g.scores()[name].donations


tour = Stepper(game, [
    Step("Um evento de Doação",
         "Rodada 1: Ada escolhe a linha **MG**, cujo próximo espaço é *Fazer uma Doação*.",
         ["choose MG"], view="timeline", expect=Numbers({1: this_round})),
    Step("A primeira Doação de Ada",
         "Ada põe um disco em *Bem-Estar: 7 PV*, o espaço mais simples: 7 PV no fim, aconteça o que "
         "acontecer. A primeira Doação dela custa **$5**.",
         ["donate welfare_7vp"], view="donations",
         expect=Numbers({7: donation_vp("welfare_7vp"), 5: loss(lambda g: g.money(0))})),
    Step("A primeira Doação de Bo",
         "Bo escolhe *Saúde: Leste*: 2 PV para cada disco dele no Leste no fim da partida. A casa dele em "
         "Pittsburgh já conta. Para ele também custa $5.",
         ["donate health_east"], view="donations",
         expect=Numbers({2: donation_vp("health_east"), 5: loss(lambda g: g.money(1))})),
    Step("Fazendo dinheiro",
         "Nos turnos de Gerência, os dois juntam dinheiro com o Comércio e Finanças. Ada também envia um "
         "Empregado ao Sul por $6.",
         ["cf money", "cf money", "cf money to south", "done", "cf money", "done"],
         view="company", player=0,
         expect=Numbers({6: lambda g: C.departments["commerce_finance"].params["mission_money"]})),
    Step("Rodada 2",
         "Bo escolhe **CO**: receita no Sul. Ada traz o Empregado de volta ($1, mais $2 de receita de "
         "projeto). Depois os dois passam a vez.",
         ["choose CO", "income 1", until("choose")], view="timeline",
         expect=Numbers({2: (lambda g: g.round - 1, lambda g: g.tab_spaces(0, "H")[0].income.money),
                         1: lambda g: C.tracks["south"].spaces[g.track_space(0, "south")].income.money})),
    Step("Outro espaço de Doação",
         "Rodada 3: Ada escolhe **CO** de novo. O próximo espaço de CO é uma Doação.",
         ["choose CO"], view="timeline", expect=Numbers({3: this_round})),
    Step("A segunda Doação custa mais",
         "Ada doa para *Saúde: Centro-Oeste* (2 PV por disco no Centro-Oeste, como a casa dela em Chicago). "
         "É a segunda Doação dela: **$10**. Bo não pode pagar $10 (ele tem $7), então não tem nada a "
         "decidir, e o motor pula a vez dele.",
         ["donate health_midwest"], view="donations",
         expect=Numbers({2: donation_vp("health_midwest"), 7: lambda g: g.money(1),
                         10: (loss(lambda g: g.money(0)), lambda g: g.donation_price(1))})),
    Step("Quanto as Doações já valem",
         "A vista *Pontuação* mostra a pontuação de cada jogador se a partida terminasse agora: as Doações "
         "de Ada já rendem 7 + 2 PV, a de Bo, 2 PV.",
         [until("choose")], view="scores",
         expect=Numbers({7: donation_vp("welfare_7vp"),
                         2: (lambda g: donations_of("Ada")(g) - donation_vp("welfare_7vp")(g), donations_of("Bo"))})),
], title="Doações", view="donations",
   intro="A tabela de doações depois da preparação: os discos cinza são neutros. Clique em **Avançar**.",
   lang=LANG)
tour

# %% [markdown]
# A tabela faz parte da posição: `game.free_donations()` lista os espaços que ninguém ocupou. Estes ainda
# estavam livres depois da rodada 3:

# %%
print(", ".join(_(C.donations[d].name) for d in tour.game_at(8).free_donations()))

# %% [markdown]
# ## Exercícios

# %%
Exercise("Depois da rodada 3, quanto custaria a **próxima** Doação de Ada?",
         lambda g: g.donation_price(0), tour.game_at(8), pinned=15,
         mistakes={10: "Esse foi o preço da segunda Doação dela: a próxima é a terceira.",
                   5: "Só a primeira Doação custa tão pouco."},
         hint="Cada Doação custa $5 a mais que a anterior.",
         expect=Numbers({5: lambda g: C.constants.donation_price, 3: lambda g: g.round - 1}),
         code="game.donation_price(0)", lang=LANG)

# %%
Exercise("Se a partida terminasse depois da rodada 3, quantos PV a Doação de Bo daria a ele?",
         donations_of("Bo"), tour.game_at(8), pinned=2,
         mistakes={0: "A casa dele em Pittsburgh conta: é um disco no Leste.",
                   4: "Conte só os discos que Bo tem no Leste: ele ainda não construiu nada lá."},
         hint="*Saúde: Leste* conta 2 PV para cada disco de Bo no Leste.",
         expect=Numbers({2: donation_vp("health_east"), 3: lambda g: g.round - 1}),
         code='game.scores()["Bo"].donations', lang=LANG)

# %% [markdown]
# ← [6 · P&D, Tabelas de Projetos e trilhas de transporte](06-research-tabs-and-tracks.ipynb) ·
# [Índice](00-contents.ipynb) ·
# [8 · O fim da partida e a pontuação](08-end-of-game-and-scoring.ipynb) →

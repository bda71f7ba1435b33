# %% [markdown]
# # 6 · P&D, Tabelas de Projetos e trilhas de transporte
#
# Pesquisa e Desenvolvimento dá **pontos de estudo**: 2 para cada Empregado de pé em P&D. Você os gasta na
# hora, como quiser, em duas coisas; os pontos que sobrarem se perdem no fim do turno.
#
# ## Tabelas de Projetos
#
# Cada jogador tem quatro tabelas, uma por tipo de projeto. Revelar o próximo espaço de uma tabela custa
# pontos de estudo (Habitação 1, Comércio 2, Indústria 2, Infraestrutura Pública 3 por espaço):
#
# - um **espaço de projeto** recebe um disco novo do seu estoque: um projeto que você agora pode construir;
# - um **espaço de PV** vale os seus PV no fim da partida, se for o último que você revelou naquela tabela.
#
# A receita de um espaço de projeto (dinheiro, bens ou PV) é paga depois que o disco que estava ali for
# construído, em cada evento de receita em que você trouxer um Empregado de volta.
#
# ## Trilhas de transporte
#
# Cada região tem uma trilha de cinco espaços. O seu disco nela dá o seu **nível de transporte** naquela
# região (carroça, diligência, ferrovia) e a **receita** que cada Empregado rende ao voltar de uma Missão
# ali. Avançar um espaço custa os pontos de estudo impressos nele. O último espaço é um **espaço final**: o
# primeiro (e único) disco a chegar lá ganha uma recompensa, uma só vez. Os seus níveis também multiplicam
# os seus pontos de conexão no fim da partida (tutorial 8).

# %%
from IPython.display import HTML

import carnegie_lab as cl
from carnegie_lab.core.i18n import translator
from carnegie_lab.core.words import reward
from carnegie_lab.tutor import Numbers, loss, positions
from carnegie_lab.tutor.exercise import Exercise
from carnegie_lab.tutor.script import Step
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
STUDY_PER_EMPLOYEE = C.departments["research"].params["study_per_employee"]


def study(g):
    return g.decision.context.study


def track(seat, region, back=0):
    """O espaço do disco do jogador na trilha da região (``back`` espaços antes dele)."""
    return lambda g: C.tracks[region].spaces[g.track_space(seat, region) - back]


tour = Stepper(game, [
    Step("Ada escolhe Pesquisa e Desenvolvimento",
         "Rodada 1: Ada escolhe a linha **RD**. O evento dela, receita no Centro-Oeste, não afeta ninguém.",
         ["choose RD"], view="timeline", expect=Numbers({1: lambda g: g.round})),
    Step("Quatro pontos de estudo",
         "Dois Empregados estão de pé no Departamento de P&D de Ada: 2 × 2 = **4 pontos de estudo** para "
         "gastar neste turno.",
         ["rd"], view="tracks",
         expect=Numbers({2: (lambda g: g.standing(0, "d1"), lambda g: STUDY_PER_EMPLOYEE), 4: study})),
    Step("Um novo projeto de Comércio",
         "Por 2 pontos de estudo, Ada revela o segundo espaço da sua tabela de Comércio. É um espaço de "
         "projeto: um disco do estoque dela vai para ele, pronto para ser construído.",
         ["tab C"], view="tracks", expect=Numbers({2: (loss(study), lambda g: g.tab_spaces(0, "C")[1].cost)})),
    Step("Diligência no Centro-Oeste",
         "1 ponto leva o disco dela no Centro-Oeste até a *diligência*. De agora em diante, cada Empregado "
         "que volta do Centro-Oeste rende $2 a ela, e não mais $1.",
         ["track midwest"], view="tracks",
         expect=Numbers({1: (loss(study), lambda g: track(0, "midwest", back=1)(g).income.money),
                         2: lambda g: track(0, "midwest")(g).income.money})),
    Step("Uma nova casa",
         "O último ponto dela revela o próximo espaço de Habitação: mais um projeto de Habitação para "
         "construir. Os pontos acabaram, então o turno dela termina sozinho.",
         ["tab H"], view="tracks"),
    Step("Os pontos de estudo de Bo",
         "Bo também tem 4 pontos.",
         ["rd"], view="tracks", expect=Numbers({4: study})),
    Step("Bo vai para o Leste",
         "Com 3 deles, o disco dele no Leste chega à *ferrovia*: um Empregado que volta do Leste agora rende "
         "$4. O último ponto leva o disco dele no Sul até a *diligência* (esse espaço custa 1).",
         ["track east", "track south"], view="tracks",
         expect=Numbers({3: lambda g: track(1, "east")(g).cost, 4: lambda g: track(1, "east")(g).income.money,
                         1: lambda g: track(1, "south")(g).cost})),
], title="Uma rodada de Pesquisa e Desenvolvimento", view="tracks",
   intro="As trilhas e as tabelas depois da preparação. Clique em **Avançar**.", lang=LANG)
tour

# %% [markdown]
# As trilhas são dados: aqui estão os custos, os níveis e a receita da trilha do Centro-Oeste, como o motor
# os lê.

# %%
for number, space in enumerate(C.tracks["midwest"].spaces, start=1):
    print(f"espaço {number}: {_(space.level):10} custo em pontos de estudo: {space.cost}; "
          f"receita por Empregado: {reward(space.income, lang=LANG)}")

# %% [markdown]
# ## Exercícios

# %%
Exercise("Logo depois de usar P&D (passo 2), quantos pontos de estudo Ada tem para gastar?",
         study, tour.game_at(2), pinned=4,
         mistakes={2: "Isso é o que um Empregado dá: conte os Empregados de pé em P&D.",
                   3: "Cada Empregado de pé em P&D dá o mesmo número de pontos."},
         hint="2 pontos para cada Empregado de pé em Pesquisa e Desenvolvimento.",
         expect=Numbers({2: lambda g: STUDY_PER_EMPLOYEE}),
         code="game.decision.context.study", lang=LANG)

# %%
Exercise("Depois do turno de Bo, quanto dinheiro um Empregado de Bo renderia a ele ao voltar do **Leste**?",
         lambda g: track(1, "east")(g).income.money, tour.game_at(7), pinned=4,
         mistakes={1: "Essa é a receita do primeiro espaço da trilha do Leste: Bo avançou o disco dele.",
                   3: "Isso é o que o avanço custou em pontos de estudo, não a receita."},
         hint="Olhe a receita impressa no espaço onde está o disco de Bo no Leste.",
         code='C.tracks["east"].spaces[game.track_space(1, "east")].income.money', lang=LANG)

# %% [markdown]
# ← [5 · Construção, o mapa e as Missões](05-construction-and-the-map.ipynb) · [Índice](00-contents.ipynb) ·
# [7 · Doações](07-donations.ipynb) →

# %% [markdown]
# # 4 · Gerência e novos Departamentos
#
# A Gerência é a ação que traz recursos: dinheiro, bens e novos Departamentos para a sua Companhia. Toda
# Companhia começa com dois Departamentos de Gerência.
#
# ## Comércio e Finanças
#
# Cada vez que ele funciona (uma vez por Empregado de pé nele), você escolhe uma destas opções:
#
# - receber **\$3** ou um **bem**;
# - ou enviar o Empregado numa **Missão** a uma região e receber **\$6** ou **2 bens**.
#
# Os bens pagam as construções. A qualquer momento você também pode vender um bem por \$1.
#
# ## Planejamento Estratégico: construir Departamentos
#
# Cada Empregado de pé no Planejamento Estratégico constrói uma nova **peça de Departamento** num espaço
# vazio da sua Companhia:
#
# - ela custa **2 bens**, ou só **1** se houver um Empregado deitado nesse espaço;
# - a peça que você reservou na preparação tem de ser a primeira;
# - você nunca tem duas cópias do mesmo Departamento;
# - no fim da partida cada peça vale 2 PV, ou 3 PV na fileira mais alta.
#
# Um Departamento novo chega vazio. Um Empregado deitado no espaço dele pode ficar de pé ali no fim do
# turno (pagando o preço, como sempre); os outros precisam ir até lá com Recursos Humanos.
#
# As peças ficam na mesa, à disposição de todos: com dois jogadores só metade das 32 peças entra em jogo,
# então alguns Departamentos podem acabar.

# %%
from IPython.display import HTML

import carnegie_lab as cl
from carnegie_lab.core.i18n import translator
from carnegie_lab.tutor import Numbers, gain, loss, positions
from carnegie_lab.tutor.exercise import Exercise
from carnegie_lab.tutor.script import Step
from carnegie_lab.tutor.stepper import Stepper

LANG = "pt_BR"
_ = translator(LANG).gettext

# %%
# A partida de Ada e Bo depois da preparação do tutorial 1 e da rodada de Recursos Humanos do tutorial 2
# (as suas ações são positions.SETUP e positions.HR_ROUND).
game = positions.after_hr_round()
HTML(cl.views.game_html(game, lang=LANG))

# %% [markdown]
# Retomamos a partida de Ada e Bo depois da rodada de Recursos Humanos do tutorial 2: Ada deixou Empregados
# deitados nos espaços vazios a2 e d3, e Bo é o Primeiro Jogador (a linha *agora* do resumo mostra isso).
# Clique em **Avançar** para jogar um passo e em **Voltar** para voltar; *Tente sua própria ação* joga
# qualquer outra coisa numa cópia (o [tutorial 1](01-components-and-setup.ipynb) mostra como usar o passo
# a passo).

# %%
C = game.components


def money(seat):
    return lambda g: g.money(seat)


def goods(seat):
    return lambda g: g.goods(seat)


tour = Stepper(game, [
    Step("Bo escolhe Gerência",
         "Rodada 2: Bo escolhe a linha **MG**. O evento é uma Doação; os dois jogadores passam.",
         ["choose MG", "done", "done"], view="timeline", expect=Numbers({2: lambda g: g.round})),
    Step("O Comércio e Finanças de Bo",
         "Dois Empregados estão de pé no Comércio e Finanças de Bo, então ele funciona duas vezes: **$3** "
         "e depois **um bem**.",
         ["cf money", "cf goods"], view="company", player=1,
         expect=Numbers({2: lambda g: g.standing(1, "b2"), 3: gain(money(1)), 1: gain(goods(1))})),
    Step("Bo constrói o Departamento reservado",
         "O Planejamento Estratégico de Bo constrói o **Projeto Avançado**, a peça que ele reservou na "
         "preparação, no espaço vazio d2. Não há ninguém deitado ali: custa **2 bens**. Ao começar outro "
         "Departamento, ele fechou o Comércio e Finanças pelo resto do turno.",
         ["sp design d2"], view="company", player=1, expect=Numbers({2: loss(goods(1))})),
    Step("Bo para",
         "Bo poderia construir uma segunda peça (dois Empregados estão de pé no Planejamento Estratégico), "
         "mas prefere guardar os bens. Ele termina o turno.",
         ["done"], view="company", player=1, expect=Numbers({2: lambda g: g.standing(1, "c2")})),
    Step("O Comércio e Finanças de Ada",
         "Ada recebe um bem e depois envia um Empregado numa Missão ao Sul por $6.",
         ["cf goods", "cf money to south"], view="company", player=0,
         expect=Numbers({1: gain(goods(0)), 6: gain(money(0))})),
    Step("Um espaço mais barato",
         "Ada constrói a peça que reservou, **Recrutamento**, em a2. Há um Empregado deitado ali (ela o "
         "levou para lá no tutorial 2), então custa só **1 bem**.",
         ["sp recruiting a2"], view="company", player=0, expect=Numbers({1: loss(goods(0))})),
    Step("Um segundo Departamento",
         "O outro Empregado dela no Planejamento Estratégico constrói a **Logística** em d3, também por "
         "1 bem. Como a peça reservada já está construída, ela pode escolher qualquer peça que ainda esteja "
         "na mesa.",
         ["sp logistics d3"], view="company", player=0, expect=Numbers({1: loss(goods(0))})),
    Step("Os Empregados que esperavam começam a trabalhar",
         "No fim do turno, Ada põe de pé os Empregados deitados nos seus Departamentos novos: $1 no "
         "Recrutamento e $3 na Logística, $4 ao todo. Os dois Departamentos novos já podem funcionar.",
         ["activate a2", "activate d3"], view="company", player=0,
         expect=Numbers({1: lambda g: C.departments["recruiting"].workstations[0],
                         3: lambda g: C.departments["logistics"].workstations[0], 4: loss(money(0))})),
], title="Uma rodada de Gerência", view="company", player=1,
   intro="A Companhia de Bo antes de ele escolher a ação da rodada. Clique em **Avançar**.", lang=LANG)
tour

# %% [markdown]
# Quais peças ainda estão na mesa? Elas fazem parte da posição, e as construções de Ada e Bo levaram algumas:

# %%
pool = tour.game_at(8).tiles_in_pool()
print(", ".join(f"{_(C.departments[d].name)} ×{n}" for d, n in pool.items()))

# %% [markdown]
# ## Exercícios

# %%
Exercise("No fim da partida, quantos PV as duas novas peças de Departamento de Ada vão valer (se ficarem "
         "onde estão)?",
         lambda g: g.scores()["Ada"].departments, tour.game_at(8), pinned=4,
         mistakes={2: "Isso é o que vale uma peça: ela construiu duas.",
                   6: "Nenhuma das duas peças está na fileira mais alta."},
         hint="Uma peça vale 2 PV, ou 3 PV na fileira mais alta.",
         explanation="O Recrutamento em a2 e a Logística em d3 estão abaixo da fileira mais alta: 2 + 2.",
         expect=Numbers({2: lambda g: C.company.cells["a2"].vp, 3: lambda g: C.company.cells["a4"].vp}),
         code='game.scores()["Ada"].departments', lang=LANG)

# %%
Exercise("Quantos bens Ada tem depois do turno dela?",
         lambda g: g.goods(0), tour.game_at(8), pinned=3,
         mistakes={4: "Isso é o que ela tinha antes do turno: ela recebeu um e pagou duas peças.",
                   1: "Cada peça custou só um bem: havia um Empregado deitado no espaço dela."},
         hint="Conte o que ela recebeu com o Comércio e Finanças e quanto custou cada peça.",
         code="game.goods(0)", lang=LANG)

# %% [markdown]
# ← [3 · A rodada, a Linha do Tempo e os eventos](03-round-and-timeline.ipynb) · [Índice](00-contents.ipynb) ·
# [5 · Construção, o mapa e as Missões](05-construction-and-the-map.ipynb) →

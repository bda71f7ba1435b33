# %% [markdown]
# # 2 · A Companhia, os Empregados e Recursos Humanos
#
# Tudo começa na sua Companhia: uma ação só faz alguma coisa se você tiver Empregados prontos para
# executá-la. Este tutorial olha a Companhia e joga uma rodada de Recursos Humanos, a ação que
# movimenta os Empregados.
#
# ## A Companhia
#
# - A Companhia é uma grade de 16 espaços com nomes como num tabuleiro de xadrez: colunas **a** a **d**,
#   fileiras **1** (o térreo) a **4**. `b1` é o lobby.
# - Cada **Departamento** pertence a uma das quatro ações e tem de um a três **Postos de Trabalho**. O
#   custo embaixo de um Posto de Trabalho é o que custa pôr um Empregado de pé ali.
# - Um Empregado está **de pé** (ativo, num Posto de Trabalho) ou **deitado** (inativo). Um Posto de
#   Trabalho recebe um Empregado de pé; qualquer espaço recebe quantos Empregados deitados você quiser,
#   mesmo um espaço vazio, sem Departamento.
# - Quando a ação da rodada é escolhida, cada um dos seus Departamentos daquele tipo funciona **uma vez
#   por Empregado de pé nele**. Um Departamento sem ninguém de pé não faz nada.
# - Alguns Departamentos mandam o Empregado que fez o trabalho numa **Missão** a uma região do mapa (o
#   tutorial 3 traz esses Empregados de volta).
#
# ## Movendo Empregados
#
# Recursos Humanos dá **3 movimentos para cada Empregado de pé nele**. Um dos seus Empregados (marcado
# com *P*) é permanente: ele nunca sai, então você sempre tem pelo menos 3 movimentos. Um movimento leva
# um Empregado um espaço para cima, para baixo, para a esquerda ou para a direita, e:
#
# - um Empregado de pé que se move **se deita** (deixa de ser ativo);
# - no fim do seu turno você pode **pôr de pé** Empregados deitados que estejam num Departamento com um
#   Posto de Trabalho livre, pagando o custo impresso embaixo dele.
#
# Então mover um Empregado é um investimento: você paga de novo para ele trabalhar no novo lugar.

# %%
from IPython.display import HTML

import carnegie_lab as cl
from carnegie_lab.tutor import Numbers, loss, positions
from carnegie_lab.tutor.exercise import Exercise
from carnegie_lab.tutor.script import Step
from carnegie_lab.tutor.stepper import Stepper

LANG = "pt_BR"

# %%
# A partida de Ada e Bo do tutorial 1, logo depois da preparação (as suas ações são positions.SETUP).
game = positions.after_setup()
HTML(cl.views.game_html(game, lang=LANG))

# %% [markdown]
# Esta é a partida de Ada e Bo logo depois da preparação do tutorial 1. Ada é a Primeira Jogadora da
# rodada 1. Clique em **Avançar** para jogar um passo e em **Voltar** para voltar; *Tente sua própria
# ação* joga qualquer outra coisa numa cópia (o [tutorial 1](01-components-and-setup.ipynb) mostra como
# usar o passo a passo).

# %%
C = game.components
MOVES_PER_EMPLOYEE = C.departments["human_resources"].params["moves_per_employee"]


def hr_moves(g):
    return g.decision.context.hr_moves


tour = Stepper(game, [
    Step("Ada escolhe Recursos Humanos",
         "Ada escolhe a linha **HR** da Linha do Tempo: nesta rodada todos usam Recursos Humanos. A "
         "engrenagem (⚙) mostra o evento: Receber Receita no Oeste. Ninguém tem Empregados lá ainda, "
         "então nada acontece e o motor passa direto para o turno de Ada.",
         ["choose HR"], view="timeline"),
    Step("Seis movimentos",
         "Ada usa o seu Departamento de Recursos Humanos. Dois Empregados estão de pé nele (o permanente e "
         "o que ela pôs de pé na preparação): 2 × 3 = **6 movimentos** neste turno.",
         ["hr"], view="company", player=0,
         expect=Numbers({2: lambda g: g.standing(0, "a1"), 3: lambda g: MOVES_PER_EMPLOYEE, 6: hr_moves})),
    Step("Mover deita o Empregado",
         "Ada move um Empregado de pé da Construção (c1) para o Planejamento Estratégico (c2). Ele chega "
         "deitado. A Construção perdeu um trabalhador: na próxima vez ela funciona uma vez a menos. O "
         "Posto de Trabalho que ele deixou (o mais barato) fica livre de novo.",
         ["move c1 c2"], view="company", player=0),
    Step("Esperando num espaço vazio",
         "Depois, um Empregado de Comércio e Finanças vai para o espaço vazio a2. Nada funciona ali ainda, "
         "mas um Departamento construído mais tarde num espaço onde alguém está deitado sai mais barato "
         "(tutorial 4).",
         ["move b2 a2"], view="company", player=0),
    Step("Um espaço por movimento",
         "Para chegar a um espaço mais distante, o Empregado anda um espaço por movimento: aqui da P&D "
         "(d1) para d2 e depois d3. Ada já usou 4 dos seus 6 movimentos.",
         ["move d1 d2", "move d2 d3"], view="company", player=0,
         expect=Numbers({4: lambda g: hr_moves(g) - g.decision.context.moves, 6: hr_moves})),
    Step("Pronto",
         "Ada termina o turno. Os dois movimentos que ela não usou se perdem: movimentos nunca passam para "
         "outro turno. Agora vem a etapa de ativação dela.",
         ["done"], view="company", player=0),
    Step("Ficar de pé custa dinheiro",
         "No fim do turno, Ada pode pôr de pé Empregados deitados em Postos de Trabalho livres. Em c2 o "
         "Posto de Trabalho livre custa **$2**: ela paga e o Empregado fica ativo. Os Empregados em a2 e "
         "d3 não podem ficar de pé: ali não há Departamento (e portanto nenhum Posto de Trabalho).",
         ["activate c2"], view="company", player=0,
         expect=Numbers({2: loss(lambda g: g.money(0))})),
    Step("Os movimentos de Bo",
         "Bo também tem 6 movimentos. Ele usa 2 deles para levar os dois Empregados que esperavam no "
         "lobby até Comércio e Finanças (b2) e Construção (c1).",
         ["hr", "move b1 b2", "move b1 c1"], view="company", player=1,
         expect=Numbers({6: hr_moves, 2: lambda g: hr_moves(g) - g.decision.context.moves})),
    Step("Bo põe os dois de pé",
         "Bo termina o turno e põe os dois Empregados de pé. O primeiro Posto de Trabalho de cada "
         "Departamento já estava ocupado, então cada um pega o segundo: $2 pelos dois.",
         ["done", "activate b2", "activate c1"], view="company", player=1,
         expect=Numbers({2: loss(lambda g: g.money(1))})),
    Step("A rodada acabou",
         "Todos jogaram, então a rodada termina. O Marcador de Ação de HR anda um espaço para a direita e "
         "o papel de Primeiro Jogador passa para Bo: ele escolhe a ação da rodada 2.",
         view="timeline", highlight={"HR/1", "round/2"}, expect=Numbers({2: lambda g: g.round})),
], title="Uma rodada de Recursos Humanos", view="company",
   intro="A Companhia de Ada depois da preparação: a maioria dos seus Empregados está de pé em Postos de "
         "Trabalho. Clique em **Avançar**.", lang=LANG)
tour

# %% [markdown]
# Você pode ver todos os movimentos que o motor permite com `legal_actions()`. Depois do `hr` de Ada
# (passo 2) estas eram as escolhas dela, escritas na notação do motor (`move c1 c2` quer dizer "mover um
# Empregado de c1 para c2"):

# %%
position = tour.game_at(2)
print(position.decision_in(LANG).prompt)
print(", ".join(str(action) for action in position.legal_actions()))

# %% [markdown]
# ## Exercícios
#
# O motor sabe a resposta: ele a calcula a partir da partida quando você clica em **Conferir**.

# %%
Exercise("Logo depois de Ada escolher a linha HR (passo 1), quantos movimentos o Departamento de Recursos "
         "Humanos dá a ela neste turno?",
         hr_moves, tour.game_at(1), pinned=6,
         mistakes={3: "Isso é o que um Empregado de pé dá: conte os Empregados de pé em Recursos Humanos.",
                   2: "Isso é quantos Empregados estão de pé em Recursos Humanos: cada um dá vários movimentos."},
         hint="Conte os Empregados de pé em Recursos Humanos (a1), incluindo o permanente.",
         explanation="3 movimentos para cada um dos 2 Empregados de pé em Recursos Humanos.",
         expect=Numbers({3: lambda g: MOVES_PER_EMPLOYEE, 2: lambda g: g.standing(0, "a1")}),
         code="game.decision.context.hr_moves", lang=LANG)

# %%
Exercise("Vá ao passo 6 do passo a passo: um Empregado está deitado no Planejamento Estratégico (c2) de Ada. "
         "Quantos dólares custa pô-lo de pé?",
         lambda g: g.activation_cost("activate c2")[0], tour.game_at(6), pinned=2,
         mistakes={0: "O primeiro Posto de Trabalho já está ocupado: o Empregado pega o mais barato livre."},
         hint="Um Empregado pega o Posto de Trabalho livre mais barato do seu Departamento: leia o custo.",
         explanation="O primeiro Posto de Trabalho do Planejamento Estratégico está ocupado; o outro custa $2.",
         code='game.activation_cost("activate c2")  # (dólares, PV)', lang=LANG)

# %% [markdown]
# ← [1 · Os componentes e a preparação](01-components-and-setup.ipynb) · [Índice](00-contents.ipynb) ·
# [3 · A rodada, a Linha do Tempo e os eventos](03-round-and-timeline.ipynb) →

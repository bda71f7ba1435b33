# %% [markdown]
# # 3 · A rodada, a Linha do Tempo e os eventos
#
# Uma partida dura 20 rodadas, e toda rodada tem as mesmas quatro partes:
#
# 1. **Escolher a ação.** O Primeiro Jogador escolhe uma das quatro linhas da Linha do Tempo.
# 2. **O evento.** O Marcador de Tempo (a engrenagem) vai para essa linha, no espaço logo depois do
#    Marcador de Ação. O evento desse espaço acontece para todos.
# 3. **Usar Departamentos.** Começando pelo Primeiro Jogador, cada jogador, na sua vez, usa os seus
#    Departamentos do tipo escolhido e, no fim do turno, põe Empregados de pé.
# 4. **Fim da rodada.** O Marcador de Ação da linha anda um espaço, e o próximo jogador no sentido
#    horário vira o Primeiro Jogador.
#
# ## Eventos
#
# - **Receber Receita** numa região: cada jogador (o Primeiro Jogador primeiro) pode trazer de volta
#   quantos quiser dos seus Empregados em Missão naquela região. Cada um rende a *receita de transporte*
#   do disco do jogador na trilha de transporte daquela região (tutorial 6). Se pelo menos um voltou, o
#   jogador também recebe, uma vez, a receita de cada projeto que já construiu. Os Empregados que voltam
#   ficam deitados no lobby.
# - **Fazer uma Doação**: cada jogador pode fazer uma Doação (tutorial 7).
# - Os espaços da Peça Final permitem as duas coisas.
#
# ## O fim de uma linha
#
# Cada linha tem cinco espaços de evento, e 4 linhas × 5 espaços = 20 rodadas. Uma linha ainda pode ser
# escolhida quando o seu Marcador de Ação chegou ao Fim: os jogadores usam essa ação normalmente, mas o
# **evento** (e o marcador que anda no fim da rodada) vem da próxima linha abaixo que ainda tenha espaço
# (depois de P&D vem HR de novo). Assim, uma ação escolhida muitas vezes tira uma rodada de outra, e a
# partida sempre termina depois de exatamente 20 rodadas.

# %%
from IPython.display import HTML

import carnegie_lab as cl
from carnegie_lab.tutor import Numbers, gain, positions
from carnegie_lab.tutor.exercise import Exercise
from carnegie_lab.tutor.script import Step, until
from carnegie_lab.tutor.stepper import Stepper

LANG = "pt_BR"

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


def this_round(g):
    return g.round


def transport_income(g, seat, region):
    """O que rende um Empregado voltando da região: a receita do espaço do jogador na trilha de lá."""
    return C.tracks[region].spaces[g.track_space(seat, region)].income.money


tour = Stepper(game, [
    Step("1. Escolher: Gerência",
         "Rodada 1: Ada, a Primeira Jogadora, escolhe a linha **MG** (Gerência). A engrenagem vai para o "
         "espaço depois do Marcador de Ação de MG: o evento dele é *Fazer uma Doação*.",
         ["choose MG"], view="timeline", expect=Numbers({1: this_round})),
    Step("2. O evento",
         "Cada jogador, Ada primeiro, pode fazer uma Doação agora. Os dois decidem guardar o dinheiro.",
         ["done", "done"], view="timeline"),
    Step("3. O turno de Ada: uma Missão",
         "Ada usa Comércio e Finanças uma vez e escolhe a Missão: um Empregado parte para o Sul e Ada "
         "recebe $6. Depois ela termina o turno. O Empregado agora espera na área de Missão do Sul (à "
         "direita da Companhia dela); ele não está mais ativo.",
         ["cf money to south", "done"], view="company", player=0,
         expect=Numbers({6: gain(lambda g: g.money(0))})),
    Step("4. O fim da rodada",
         "Bo passa. A rodada acabou: o Marcador de Ação de MG anda um espaço e Bo vira o Primeiro Jogador.",
         ["done"], view="timeline"),
    Step("Rodada 2: receita no Sul",
         "Bo escolhe a linha **CO**. O próximo espaço dela diz *Receber Receita no Sul*, onde Ada tem um "
         "Empregado.",
         ["choose CO"], view="timeline", expect=Numbers({2: this_round})),
    Step("Ada recebe a receita",
         "Ada traz o Empregado de volta: ele fica deitado no lobby dela. Ela ganha a receita de transporte "
         "da sua trilha do Sul ($1 no primeiro espaço) e, como pelo menos um Empregado voltou, a receita "
         "dos projetos que construiu: a casa em Chicago rende $2. $3 ao todo.",
         ["income 1"], view="company", player=0,
         expect=Numbers({1: lambda g: transport_income(g, 0, "south"),
                         2: lambda g: g.tab_spaces(0, "H")[0].income.money,
                         3: gain(lambda g: g.money(0))})),
    Step("Cinco rodadas de Recursos Humanos",
         "Avançando: ninguém faz nada no resto da rodada, depois os Primeiros Jogadores escolhem **HR** "
         "cinco rodadas seguidas (e passam). Em cada rodada um marcador anda: o Marcador de Ação de HR "
         "chegou ao Fim da sua linha.",
         [until("choose")] + ["choose HR", until("choose")] * 5, view="timeline",
         expect=Numbers({5: lambda g: [s["chosen"] for s in g.round_summaries()].count("HR")})),
    Step("A linha está cheia",
         "Rodada 8: Bo escolhe HR de novo. Todos vão usar Recursos Humanos, mas a linha HR não tem mais "
         "espaço, então a engrenagem vai para a próxima linha abaixo: o próximo espaço da linha MG, "
         "*Receber Receita no Leste*.",
         ["choose HR"], view="timeline", expect=Numbers({8: this_round})),
    Step("Outro marcador anda",
         "No fim da rodada 8 quem anda é o Marcador de Ação de **MG**, não o de HR. A Gerência perdeu "
         "uma das suas cinco rodadas.",
         [until("choose")], view="timeline", expect=Numbers({8: lambda g: g.round - 1})),
], title="Rodadas na Linha do Tempo", view="timeline",
   intro="A Linha do Tempo logo depois da preparação: todos os marcadores estão no espaço inicial.", lang=LANG)
tour

# %% [markdown]
# ## Exercícios

# %%
Exercise("Na rodada 8 (passo 8), o marcador de qual linha vai andar no fim da rodada?",
         lambda g: g.event_row(0), tour.game_at(8), pinned=1,
         options=[("HR (Recursos Humanos)", 0), ("MG (Gerência)", 1), ("CO (Construção)", 2),
                  ("RD (Pesquisa e Desenvolvimento)", 3)],
         mistakes={0: "HR foi escolhida, mas a linha dela não tem mais espaço: o marcador que anda é o da linha "
                      "que dá o evento.",
                   2: "", 3: ""},
         hint="O marcador que anda é o da linha onde está a engrenagem.",
         explanation="A linha HR estava cheia, então a próxima linha abaixo, MG, deu o evento.",
         expect=Numbers({8: this_round}),
         code="game.event_row(0)  # a linha que dá o evento quando HR (linha 0) é escolhida", lang=LANG)

# %%
Exercise("Quantos dólares ao todo Ada ganhou quando o Empregado dela voltou (passo 6)?",
         lambda g: g.money(0) - tour.game_at(5).money(0), tour.game_at(6), pinned=3,
         mistakes={1: "Isso é só a receita de transporte: os projetos construídos também rendem, uma vez.",
                   2: "Isso é só a receita da casa: a receita de transporte do Empregado vem por cima."},
         hint="Receita de transporte para cada Empregado, mais a receita dos projetos dela uma vez.",
         explanation="$1 de receita de transporte (trilha do Sul, primeiro espaço) + $2 da casa dela.",
         expect=Numbers({1: lambda g: transport_income(g, 0, "south"),
                         2: lambda g: g.tab_spaces(0, "H")[0].income.money}),
         code="game.money(0)  # depois do passo 6, menos o mesmo depois do passo 5", lang=LANG)

# %% [markdown]
# ← [2 · A Companhia, os Empregados e Recursos Humanos](02-company-and-employees.ipynb) ·
# [Índice](00-contents.ipynb) ·
# [4 · Gerência e novos Departamentos](04-management-and-departments.ipynb) →

package br.com.lojaapi.gateway.banco;

import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.serialization.SerializedObject;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.SimpleSerializedObject;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Before any event processor starts: a processor position past the event store's head means the database went back
 * in time while a node wrote to it from memory (or a partial restore). Such a position would skip every event
 * written next, whose global indexes fall below it. Each one is set back to the head, which is where the database's
 * own history ends, and the finding is recorded like a loss seen by a running node ({@link LinhaDoTempo}), without
 * a list of events: none is known here. Runs on every start; on a healthy database it reads the tokens and changes
 * nothing.
 */
@Component
class RealinhamentoNaPartida implements InitializingBean {

    private static final Logger log = LoggerFactory.getLogger(RealinhamentoNaPartida.class);

    private record Posicao(String processador, int segmento, long indice) {
    }

    private final JdbcTemplate jdbc;
    private final Serializer serializador;
    private final LinhaDoTempo linhaDoTempo;

    RealinhamentoNaPartida(JdbcTemplate jdbc, Serializer serializer, LinhaDoTempo linhaDoTempo) {
        this.jdbc = jdbc;
        this.serializador = serializer;
        this.linhaDoTempo = linhaDoTempo;
    }

    @Override
    public void afterPropertiesSet() {
        jdbc.execute((ConnectionCallback<Void>) conexao -> {
            realinhar(conexao);
            return null;
        });
    }

    private void realinhar(Connection conexao) throws SQLException {
        long cabeca;
        List<Posicao> alem = new ArrayList<>();
        try (Statement consulta = conexao.createStatement()) {
            try (ResultSet linha = consulta.executeQuery(
                    "SELECT COALESCE(max(global_index), 0) FROM domain_event_entry")) {
                linha.next();
                cabeca = linha.getLong(1);
            }
            try (ResultSet linhas = consulta.executeQuery(
                    "SELECT processor_name, segment, token, token_type FROM token_entry WHERE token IS NOT NULL")) {
                while (linhas.next()) {
                    TrackingToken token = serializador.deserialize(new SimpleSerializedObject<>(
                            linhas.getBytes(3), byte[].class, linhas.getString(4), null));
                    long indice = token == null ? 0 : token.position().orElse(0);
                    if (indice > cabeca) {
                        alem.add(new Posicao(linhas.getString(1), linhas.getInt(2), indice));
                    }
                }
            }
        }
        if (alem.isEmpty()) {
            return;
        }
        long marca = alem.stream().mapToLong(Posicao::indice).max().orElseThrow();
        log.error("Posições de processadores além do evento mais novo do banco ({}), até {}: o banco voltou no tempo "
                + "depois que elas foram gravadas. Voltam ao evento mais novo: {}", cabeca, marca, alem);
        SerializedObject<byte[]> naCabeca = serializador.serialize(
                GapAwareTrackingToken.newInstance(cabeca, Set.of()), byte[].class);
        linhaDoTempo.registrar(conexao, "PARTIDA", cabeca, marca, List.of(), naTransacao -> {
            try (PreparedStatement atualizacao = naTransacao.prepareStatement(
                    "UPDATE token_entry SET token = ?, token_type = ? WHERE processor_name = ? AND segment = ?")) {
                for (Posicao posicao : alem) {
                    atualizacao.setBytes(1, naCabeca.getData());
                    atualizacao.setString(2, naCabeca.getType().getName());
                    atualizacao.setString(3, posicao.processador());
                    atualizacao.setInt(4, posicao.segmento());
                    atualizacao.addBatch();
                }
                atualizacao.executeBatch();
            }
        });
    }
}
